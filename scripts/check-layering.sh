#!/usr/bin/env bash
# Dependencies run one way: core <- ai <- session <- app, with the brain and
# the tools over core and ai.  The game logic, the engine and the session
# stay free of SDL so they can be reused (the Gomocup brain, tools) and
# tested without a display.  See HACKING.md for the module graph.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
status=0

# forbid DIR REGEX WHY: fails when a file under src/DIR includes a header
# matching REGEX.
forbid() {
    local dir="$1" regex="$2" why="$3"
    if grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]$regex" "$ROOT/src/$dir"; then
        echo "error: $why (see HACKING.md)" >&2
        status=1
    fi
}

SDL='(SDL2?/)?SDL[^">]*[">]'
forbid core "$SDL" "src/core must not include SDL headers"
forbid ai "$SDL" "src/ai must not include SDL headers"
forbid session "$SDL" "src/session must not include SDL headers"
forbid core '(\.\./)?(ai|session|app|brain)/' "src/core must not include ai, session, app or brain headers"
forbid ai '(\.\./)?(session|app|brain)/' "src/ai must not include session, app or brain headers"
forbid session '(\.\./)?(app|brain)/' "src/session may use core and ai, never app or brain"
forbid brain '(\.\./)?(session|app)/' "src/brain may use core and ai only"

# Inside the app: data modules include no scene or widget header, and a
# scene never includes another scene (they talk through scenes/scene.h).
DATA='(settings|storage|storage_os|i18n)\.c'
for f in $(cd "$ROOT/src/app/store" && ls | grep -E "^$DATA$" || true); do
    if grep -nE '#[[:space:]]*include[[:space:]]*"((scenes|view)/[a-z_]+|ctx)\.h"' \
            "$ROOT/src/app/store/$f" "$ROOT/src/app/store/${f%.c}.h"; then
        echo "error: data module ${f%.c} must not include scene or widget headers" >&2
        status=1
    fi
done
for f in "$ROOT"/src/app/scenes/scene_*.c; do
    [ -e "$f" ] || continue
    self="$(basename "$f" .c)"
    if grep -nE '#[[:space:]]*include[[:space:]]*"scenes/scene_[a-z_]+\.h"' "$f" | grep -v "\"scenes/$self.h\""; then
        echo "error: $(basename "$f") includes another scene's header; scenes talk through scene.h" >&2
        status=1
    fi
done

[ "$status" -eq 0 ] || exit 1
echo "layering ok: no SDL in core, ai or session; core <- ai <- session <- app; brain over core/ai; data modules and scenes stay apart"
