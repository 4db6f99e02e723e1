#!/usr/bin/env bash
# Starts the game three times in a row under Xvfb with a real window
# manager (openbox) and checks that the window opens where the last run
# left it: under a window manager it used to creep down by the title bar
# (and right by the border) on every start.
#
#   tools/window-place-check.sh [--game PATH] [--runs N]
#
# Needs xvfb-run, openbox and xwininfo (apt-get install xvfb xauth openbox
# x11-utils).  CTest runs it as test_window_place when they are installed.
# Exit 0 when every run's window was at the same place, the place the
# settings kept.
set -eEuo pipefail
# Whatever else stops the check says where (-E: in functions too).
trap 'echo "window-place-check: line $LINENO: exit status $?" >&2' ERR

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GAME="$ROOT/build/release/gomoku"
RUNS=3
INNER=0
while [ $# -gt 0 ]; do
    case "$1" in
        --game) GAME="$2"; shift 2 ;;
        --runs) RUNS="$2"; shift 2 ;;
        --inner) INNER=1; shift ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "window-place-check: unknown option '$1'" >&2; exit 2 ;;
    esac
done

# The client area's top-left corner of the window titled "Gomoku", or
# nothing while there is none.
# Neither xwininfo's failures are errors here: killed by SIGPIPE when awk
# has found the window and left (most of the time on a loaded machine), or
# a window gone while it walked the tree.  Under set -e and pipefail they
# ended the whole check without a word (test_window_place's rare failures;
# 8 of 12 runs beside two busy loops, none since).
client_pos() {
    local wid
    wid=$(xwininfo -root -tree 2>/dev/null | awk '/"Gomoku"/ {print $1; exit}') || true
    [ -n "$wid" ] || return 0
    { xwininfo -id "$wid" 2>/dev/null || true; } |
        awk '/Absolute upper-left X/ {x = $4} /Absolute upper-left Y/ {y = $4} END {if (x != "") print x "," y}'
}

saved_pos() { # settings.ini
    awk -F' *= *' '$1 == "window-x" {x = $2} $1 == "window-y" {y = $2} END {if (x != "") print x "," y}' "$1"
}

inner() {
    DATA="$(mktemp -d)"
    trap 'rm -rf "$DATA"' EXIT
    local data="$DATA"
    # English, so the title is "Gomoku"; the first run has no place yet.
    printf 'gomoku-settings 1\nlanguage = en\nsound = off\n' >"$data/settings.ini"
    openbox >/dev/null 2>&1 &
    local wm=$!
    sleep 1
    local first="" status=0
    for run in $(seq 1 "$RUNS"); do
        # X11 whatever the caller's SDL_VIDEODRIVER (a test shell's dummy).
        GOMOKU_DATA_DIR="$data" SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy "$GAME" >"$data/game.log" 2>&1 &
        local pid=$! pos=""
        for _ in $(seq 1 100); do # up to 10 s to open
            sleep 0.1
            pos="$(client_pos)"
            [ -n "$pos" ] && break
        done
        sleep 1 # the window manager and the game settle
        pos="$(client_pos)"
        kill -TERM "$pid" # the game quits as when its window is closed, saving its place
        wait "$pid" || true
        local saved
        saved="$(saved_pos "$data/settings.ini")"
        echo "run $run: window at ${pos:-nowhere}, settings keep ${saved:-nothing}"
        if [ -z "$pos" ] || [ "$pos" != "$saved" ]; then
            status=1
            sed 's/^/  game: /' "$data/game.log"
        fi
        first="${first:-$pos}"
        if [ "$pos" != "$first" ]; then
            status=1
        fi
    done
    kill "$wm" 2>/dev/null || true
    wait "$wm" 2>/dev/null || true
    if [ "$status" -eq 0 ]; then
        echo "the window stayed at $first for $RUNS runs"
    else
        echo "error: the window did not stay where it was" >&2
    fi
    return "$status"
}

if [ "$INNER" = 1 ]; then
    inner
    exit $?
fi
for tool in xvfb-run openbox xwininfo; do
    command -v "$tool" >/dev/null || { echo "window-place-check: needs $tool" >&2; exit 1; }
done
[ -x "$GAME" ] || { echo "window-place-check: no game at $GAME" >&2; exit 1; }
GAME="$(cd "$(dirname "$GAME")" && pwd)/$(basename "$GAME")"
# -a takes the first free display from -n on; a random start keeps two
# checks started at once (ctest -j, two builds on one machine) from both
# taking the same one, which made one of them fail before it began.
# Xvfb's own complaints (xvfb-run drops them unless -e) are shown on failure.
xlog="$(mktemp)"
trap 'rm -f "$xlog"' EXIT
status=0
xvfb-run -a -n "$((100 + RANDOM % 800))" -e "$xlog" -s "-screen 0 1920x1080x24 -noreset" \
    "$0" --inner --game "$GAME" --runs "$RUNS" || status=$?
if [ "$status" -ne 0 ] && [ -s "$xlog" ]; then
    echo "Xvfb's log:" >&2
    sed 's/^/  /' "$xlog" >&2
fi
exit "$status"
