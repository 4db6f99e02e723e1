#!/usr/bin/env bash
# Install what is missing, build, and start the game.
exec "$(dirname "$0")/scripts/bootstrap.sh" play "$@"
