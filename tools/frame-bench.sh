#!/usr/bin/env bash
# Frame pacing of the real game while the computer thinks, and its CPU use
# when nothing moves: a benchmark (docs/performance.md), not a test.
#
#   tools/frame-bench.sh [--game PATH] [--size WxH] [--seconds N] [--analysis]
#                        [--level LEVEL] [--slow-fsync MS] [--out DIR]
#       Starts the game under Xvfb (1920x1080 screen) straight into a
#       computer-vs-computer game (Master unless --level), logs every
#       presented frame (gomoku --frame-stats) for N seconds (default 60)
#       and prints the intervals between frames while the computer thinks:
#       median, p99, max (tools/frame-stats.py), and the intervals across
#       a save (the autosave after every move).  --analysis also runs the
#       helper engine (the analysis overlay): two searches on the machine.
#       --slow-fsync MS makes every flush to the disk take MS ms more
#       (tools/preload/slow_fsync.c, preloaded), as on a busy or slow disk.
#   tools/frame-bench.sh --idle [--game PATH] [--size WxH]
#       The game's CPU time over 10 s on the menu and over 10 s on a
#       finished game (from /proc/PID/stat).
#
# The game is build/release/gomoku unless --game says otherwise.  It runs
# with a scratch data folder, so nothing of yours is read or written.  The
# machine's load (uptime) is printed before and after: other work on the
# machine shows in the figures.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GAME="$ROOT/build/release/gomoku"
SIZE=""
SECONDS_RUN=60
ANALYSIS=off
LEVEL=master
IDLE=0
OUT=""
INNER=""
SLOW_FSYNC=0

while [ $# -gt 0 ]; do
    case "$1" in
        --game) GAME="$2"; shift 2 ;;
        --size) SIZE="$2"; shift 2 ;;
        --seconds) SECONDS_RUN="$2"; shift 2 ;;
        --analysis) ANALYSIS=on; shift ;;
        --level) LEVEL="$2"; shift 2 ;;
        --slow-fsync) SLOW_FSYNC="$2"; shift 2 ;;
        --idle) IDLE=1; shift ;;
        --out) OUT="$2"; shift 2 ;;
        --inner) INNER="$2"; shift 2 ;; # the part that runs under xvfb-run
        -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
        *) echo "frame-bench: unknown option '$1'" >&2; exit 2 ;;
    esac
done

# CPU time (user + system) of a process so far, in clock ticks.
cpu_ticks() {
    awk '{print $14 + $15}' "/proc/$1/stat"
}

# CPU ticks of each kind of thread of a process so far: "name ticks" lines
# (the UI thread is "gomoku", the search "gomoku-ai", Mesa's software GL
# "llvmpipe-N"; gone threads are not counted).
thread_ticks() {
    local t
    for t in /proc/"$1"/task/*; do
        # comm may hold spaces; the fields after it are fixed.
        printf '%s %s\n' "$(tr ' ' '_' <"$t/comm" | sed 's/-[0-9]*$//')" \
            "$(sed 's/.*) //' "$t/stat" | awk '{print $12 + $13}')"
    done | awk '{sum[$1] += $2} END {for (k in sum) print k, sum[k]}' | sort
}

# settings.ini in a fresh data folder (an autosave left by an earlier run
# would ask to be resumed): mode, level, k, analysis.
write_settings() { # dir mode level k analysis
    rm -rf "$1"
    mkdir -p "$1"
    printf 'gomoku-settings 1\nmode = %s\nlevel = %s\nk = %s\nanalysis = %s\nsound = off\nlanguage = en\n' \
        "$2" "$3" "$4" "$5" >"$1/settings.ini"
}

size_args() {
    [ -n "$SIZE" ] && printf -- '--size\n%s\n' "$SIZE"
    return 0
}

# Starts the game in the background; sets GAME_PID.
start_game() { # data-dir args...
    local dir="$1"; shift
    local extra=() preload=()
    mapfile -t extra < <(size_args)
    if [ "$SLOW_FSYNC" != 0 ]; then
        preload=(env LD_PRELOAD="$OUT/slow-fsync.so" SLOW_FSYNC_MS="$SLOW_FSYNC")
    fi
    GOMOKU_DATA_DIR="$dir" "${preload[@]}" "$GAME" "${extra[@]}" "$@" 2>>"$OUT/game.err" &
    GAME_PID=$!
}

stop_game() {
    kill -TERM "$GAME_PID" 2>/dev/null || true
    wait "$GAME_PID" 2>/dev/null || true
}

inner_pacing() {
    local dir="$OUT/data"
    write_settings "$dir" computer-vs-computer "$LEVEL" 5 "$ANALYSIS"
    echo "load before: $(uptime)"
    start_game "$dir" --play --frame-stats "$OUT/frames.log"
    sleep 1 # the first second (start-up) is left out of the figures, as frame-stats.py does
    local t0
    t0=$(cpu_ticks "$GAME_PID")
    thread_ticks "$GAME_PID" >"$OUT/threads0"
    sleep "$((SECONDS_RUN - 1))"
    local t1
    t1=$(cpu_ticks "$GAME_PID")
    thread_ticks "$GAME_PID" >"$OUT/threads1"
    top -bn1 | sed -n '7,12p' >"$OUT/top.txt"
    echo "load after:  $(uptime)"
    stop_game
    local hz s
    hz=$(getconf CLK_TCK)
    s=$((SECONDS_RUN - 1))
    echo "game's CPU over the last $s s: $(( (t1 - t0) * 1000 / hz / s / 10 ))% of a core, of which"
    # A search runs on a thread of its own that ends with it: what the
    # lasting threads did not use is the searches'.
    join "$OUT/threads0" "$OUT/threads1" |
        awk -v hz="$hz" -v s="$s" -v total="$((t1 - t0))" '
            $1 != "gomoku-ai" {d = $3 - $2; used += d; printf "  %-14s %5.1f%%\n", $1, d * 100 / hz / s}
            END {printf "  %-14s %5.1f%%\n", "searches", (total - used) * 100 / hz / s}'
    echo "top while measuring:"
    cat "$OUT/top.txt"
    grep '^# \(video\|vsync\)' "$OUT/frames.log" || true
    python3 "$ROOT/tools/frame-stats.py" --thinking "$OUT/frames.log"
}

# CPU time over 10 s of a game left alone, after 3 s to settle.
idle_cpu() { # label data-dir args...
    local label="$1" dir="$2"; shift 2
    start_game "$dir" "$@"
    sleep 3
    local t0 t1 hz
    t0=$(cpu_ticks "$GAME_PID")
    sleep 10
    t1=$(cpu_ticks "$GAME_PID")
    stop_game
    hz=$(getconf CLK_TCK)
    echo "$label: $(( (t1 - t0) * 1000 / hz )) ms of CPU in 10 s"
}

inner_idle() {
    write_settings "$OUT/menu" computer-vs-computer "$LEVEL" 5 off
    idle_cpu "idle on the menu" "$OUT/menu"
    # Win length 1: the first stone wins, and the game-over screen stays.
    write_settings "$OUT/over" computer-vs-computer "$LEVEL" 1 off
    idle_cpu "idle on a finished game" "$OUT/over" --play
}

if [ -n "$INNER" ]; then
    case "$INNER" in
        pacing) inner_pacing ;;
        idle) inner_idle ;;
    esac
    exit 0
fi

[ -x "$GAME" ] || { echo "frame-bench: no game at $GAME (build it, or --game PATH)" >&2; exit 1; }
command -v xvfb-run >/dev/null || { echo "frame-bench: needs xvfb-run (apt-get install xvfb xauth)" >&2; exit 1; }
if [ -z "$OUT" ]; then
    OUT="$(mktemp -d)"
fi
mkdir -p "$OUT"
GAME="$(cd "$(dirname "$GAME")" && pwd)/$(basename "$GAME")"
OUT="$(cd "$OUT" && pwd)"
mode=pacing
[ "$IDLE" = 1 ] && mode=idle
if [ "$SLOW_FSYNC" != 0 ]; then
    cc -shared -fPIC -O2 "$ROOT/tools/preload/slow_fsync.c" -o "$OUT/slow-fsync.so" -ldl
fi
echo "game: $GAME  size: ${SIZE:-default}  level: $LEVEL  analysis: $ANALYSIS  cores: $(nproc)" \
    "slow fsync: ${SLOW_FSYNC} ms"
args=(--inner "$mode" --game "$GAME" --seconds "$SECONDS_RUN" --level "$LEVEL" --out "$OUT"
      --slow-fsync "$SLOW_FSYNC")
[ -n "$SIZE" ] && args+=(--size "$SIZE")
[ "$ANALYSIS" = on ] && args+=(--analysis)
xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" "$0" "${args[@]}"
echo "logs in $OUT"
