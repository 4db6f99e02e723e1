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
# The app's views draw the models the scenes fill from the session
# (PanelModel, MoveListModel, BoardView): they never read the session.
forbid app/view '(\.\./)?session/' "src/app/view draws the models it is given, never the session"

# Inside the app, headers are named from src/app ("view/panel.h", and the
# shell's own "ctx.h"), and the folders depend one way:
#
#   the shell (src/app/*: main, app, ctx, engines, selftest, app_test)
#     -> scenes/   the screens, the scene stack, saves, game_screen (the
#                  game screens' models filled from the session)
#       -> view/     drawing and widgets, from the models they are given
#         -> store/    files, settings, strings
#           -> platform/ the edges to the OS and SDL
#
# A folder may include its own headers and those of the folders below it,
# never one above.  A scene never includes another scene's header (only the
# shell, which builds the stack, and the scene itself do): scenes talk
# through scenes/scene.h.

# app_folder PATH: sets REPLY to the folder a path named from src/app is
# in.  A variable, not output: a subshell per include made the check 5 s
# (21 s on a busy CI).
app_folder() {
    case "$1" in
        */*) REPLY="${1%%/*}" ;;
        *) REPLY=shell ;;
    esac
}

# app_allowed FROM TO INC: whether a file in folder FROM may include the
# header INC, in folder TO.  No arrow points upwards: the widgets are given
# what they draw (a model, a UiKit), never the shell's Ctx.
app_allowed() {
    case "$1:$2" in
        shell:* | scenes:*) return 0 ;;
        view:view | view:store | view:platform) return 0 ;;
        store:store | store:platform) return 0 ;;
        platform:platform) return 0 ;;
    esac
    return 1
}

app_why() {
    case "$1" in
        view) echo "view/ draws what it is given; it never includes scenes/ headers nor the shell's (ctx.h included)" ;;
        store) echo "store/ is data: it includes only store/ and platform/, never the shell, scenes/ or view/" ;;
        platform) echo "platform/ is the bottom of the app: it includes only platform/ headers" ;;
        *) echo "unknown folder" ;;
    esac
}

while IFS= read -r -d '' f; do
    rel="${f#"$ROOT/src/app/"}"
    app_folder "$rel"
    case "$REPLY" in
        shell | scenes | view | store | platform) ;;
        *)
            echo "error: src/app/$rel: src/app has the folders scenes, view, store and platform" >&2
            status=1
            ;;
    esac
done < <(find "$ROOT/src/app" -name '*.[ch]' -print0)

# Every include of every app file, as "file:line:kind:header", in one grep.
while IFS=: read -r rel line kind inc; do
    app_folder "$rel"
    from="$REPLY"
    case "$from" in
        shell | scenes | view | store | platform) ;;
        *) continue ;; # reported above
    esac
    self="${rel##*/}"
    self="${self%.[ch]}"
    case "$inc" in
        core/* | ai/* | session/* | brain/* | gomoku_version.h) continue ;;
    esac
    if [ "$kind" = '<' ] && [ ! -f "$ROOT/src/app/$inc" ]; then
        continue # a system header
    fi
    if [ ! -f "$ROOT/src/app/$inc" ]; then
        echo "error: src/app/$rel:$line: \"$inc\": name app headers from src/app (\"view/panel.h\", \"ctx.h\")" >&2
        status=1
        continue
    fi
    app_folder "$inc"
    to="$REPLY"
    if ! app_allowed "$from" "$to" "$inc"; then
        echo "error: src/app/$rel:$line includes \"$inc\": $(app_why "$from") (see HACKING.md)" >&2
        status=1
    fi
    inc_base="${inc##*/}"
    inc_base="${inc_base%.h}"
    if [ "$from" = scenes ] && [ "$to" = scenes ] && [[ "$inc_base" == scene_* ]] &&
        [ "$inc_base" != "$self" ]; then
        echo "error: src/app/$rel:$line includes \"$inc\", a scene's header; scenes talk through scenes/scene.h" >&2
        status=1
    fi
done < <(cd "$ROOT/src/app" && grep -rnE --include='*.[ch]' '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]' . |
    sed -E 's|^\./||; s/^([^:]+):([0-9]+):[^"<]*(["<])([^">]+)[">].*/\1:\2:\3:\4/' || true)

[ "$status" -eq 0 ] || exit 1
echo "layering ok: no SDL in core, ai or session; core <- ai <- session <- app; brain over core/ai;" \
    "in the app, shell -> scenes -> view -> store -> platform, views without the Ctx or the session," \
    "and scenes stay apart"
