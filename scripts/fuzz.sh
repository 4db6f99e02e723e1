#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz, each for a bounded time, with
# AddressSanitizer and UndefinedBehaviorSanitizer, and says what they did.
#
#   scripts/fuzz.sh [--seconds N] [--parallel P] [--merge] [TARGET...]
#
#   --seconds N   the CPU time each target gets (default 60; CI uses 40)
#   --parallel P  the cores to share (default: all of them)
#   --merge       afterwards, fold what the runs found into the target's
#                 corpus in the repo (tests/fuzz/corpus/NAME), minimised,
#                 so the CTest replay (fuzz_NAME) keeps it as a regression
#   TARGET        record, psq, settings, brain... (default: every target)
#
# Every target runs at once, for N x targets / P seconds of wall time when
# there are more targets than cores: each still gets about N seconds of a
# core, and no core waits while a last round runs one target alone (five
# targets on two cores took three rounds of N, now two and a half).
#
# Builds build/fuzz with clang-14 (-DGOMOKU_FUZZ=ON).  A run starts from the
# repo's corpus plus what earlier runs kept in build/fuzz/corpus/NAME, and
# uses tests/fuzz/NAME.dict.  A crash or a broken property stops that
# target, leaves its input in build/fuzz/artifacts/NAME/ and makes this
# script exit 1.  The summary gives, for each target: runs, inputs in its
# corpus, and crashes.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$ROOT/build/fuzz"
SECONDS_EACH=60
PARALLEL="$(nproc 2>/dev/null || echo 2)"
MERGE=0
TARGETS=()

while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) SECONDS_EACH="$2"; shift 2 ;;
        --parallel) PARALLEL="$2"; shift 2 ;;
        --merge) MERGE=1; shift ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
        *) TARGETS+=("$1"); shift ;;
    esac
done

CC_FUZZ="$(command -v clang-14 || command -v clang || true)"
if [ -z "$CC_FUZZ" ]; then
    echo "fuzz.sh: clang is needed (apt-get install clang-14 libclang-rt-14-dev)" >&2
    exit 2
fi

gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    CC="$CC_FUZZ" cmake -S "$ROOT" -B "$BUILD" "${gen[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DGOMOKU_FUZZ=ON -DGOMOKU_BUILD_TOOLS=OFF >/dev/null
fi
if [ "${#TARGETS[@]}" -eq 0 ]; then
    for f in "$ROOT"/tests/fuzz/fuzz_*.c; do
        n="$(basename "$f" .c)"
        n="${n#fuzz_}"
        [ "$n" = replay ] || TARGETS+=("$n")
    done
fi
cmake --build "$BUILD" -j "$(nproc 2>/dev/null || echo 2)" \
    --target "${TARGETS[@]/#/fuzz_}" >/dev/null

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan.supp:print_suppressions=0"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

# Runs one target; its log is build/fuzz/logs/NAME.log.
run_one() {
    local t="$1" seeds="$ROOT/tests/fuzz/corpus/$1"
    local kept="$BUILD/corpus/$t" art="$BUILD/artifacts/$t/" log="$BUILD/logs/$t.log"
    mkdir -p "$kept" "$art" "$BUILD/logs" "$seeds"
    local dict=()
    [ -f "$ROOT/tests/fuzz/$t.dict" ] && dict=(-dict="$ROOT/tests/fuzz/$t.dict")
    "$BUILD/tests/fuzz/fuzz_$t" -max_total_time="$WALL_EACH" -print_final_stats=1 \
        -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$art" "${dict[@]}" \
        "$kept" "$seeds" >"$log" 2>&1
}

start=$SECONDS
pids=()
names=()
status=0
for t in "${TARGETS[@]}"; do
    if [ ! -x "$BUILD/tests/fuzz/fuzz_$t" ]; then
        echo "fuzz.sh: no target '$t'" >&2
        exit 2
    fi
done
WALL_EACH="$SECONDS_EACH"
if [ "${#TARGETS[@]}" -gt "$PARALLEL" ]; then
    WALL_EACH=$(((SECONDS_EACH * ${#TARGETS[@]} + PARALLEL - 1) / PARALLEL))
fi
for t in "${TARGETS[@]}"; do
    run_one "$t" &
    pids+=($!)
    names+=("$t")
done
for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then status=1; echo "fuzz.sh: ${names[$i]} FAILED"; fi
done

printf '%-10s %12s %10s %8s\n' target runs corpus crashes
for t in "${TARGETS[@]}"; do
    log="$BUILD/logs/$t.log"
    runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
    corpus="$(find "$BUILD/corpus/$t" "$ROOT/tests/fuzz/corpus/$t" -type f | wc -l)"
    crashes="$(find "$BUILD/artifacts/$t" -type f | wc -l)"
    printf '%-10s %12s %10s %8s\n' "$t" "${runs:-?}" "$corpus" "$crashes"
    if [ "$crashes" -gt 0 ] || grep -q 'ERROR: libFuzzer\|property broken\|SUMMARY: .*Sanitizer' "$log"; then
        status=1
        echo "--- $t: see $log and $BUILD/artifacts/$t/"
        grep -m5 'property broken\|ERROR:\|SUMMARY:' "$log" || true
    fi
done
if [ "$MERGE" = 1 ] && [ "$status" = 0 ]; then
    for t in "${TARGETS[@]}"; do
        "$BUILD/tests/fuzz/fuzz_$t" -merge=1 "$ROOT/tests/fuzz/corpus/$t" "$BUILD/corpus/$t" \
            >"$BUILD/logs/$t.merge.log" 2>&1
        echo "merged into tests/fuzz/corpus/$t: $(find "$ROOT/tests/fuzz/corpus/$t" -type f | wc -l) inputs"
    done
fi
echo "fuzz.sh: ${#TARGETS[@]} targets at once on $PARALLEL cores, $WALL_EACH s each" \
    "(about $SECONDS_EACH s of a core each), $((SECONDS - start)) s in all"
exit "$status"
