#!/usr/bin/env bash
# Install what is missing, build, and run every test (also under sanitizers).
exec "$(dirname "$0")/scripts/bootstrap.sh" test "$@"
