#!/usr/bin/env bash
# The game logic and the engine must stay free of SDL so they can be reused
# (the Gomocup brain, tools) and tested without a display.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](SDL2?/)?SDL[^">]*[">]' \
        "$ROOT/src/core" "$ROOT/src/ai"; then
    echo "error: src/core and src/ai must not include SDL headers (see HACKING.md)" >&2
    exit 1
fi
# core must not depend on ai or app either
if grep -rnE '#[[:space:]]*include[[:space:]]*"(\.\./)?(ai|app|brain)/' "$ROOT/src/core"; then
    echo "error: src/core must not include ai/app/brain headers" >&2
    exit 1
fi
if grep -rnE '#[[:space:]]*include[[:space:]]*"(\.\./)?(app|brain)/' "$ROOT/src/ai"; then
    echo "error: src/ai must not include app/brain headers" >&2
    exit 1
fi
echo "layering ok: no SDL in src/core or src/ai; dependencies run core <- ai <- app/brain"
