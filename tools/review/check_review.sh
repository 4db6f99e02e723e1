#!/bin/sh
# check_review.sh REVIEW SAMPLE_DIR - gomoku-review prints the same bytes
# on an idle machine and while two other processes keep two cores busy,
# and says what the game's review says of the samples (a missed win and
# the line that shows it, each side's summary).
set -eu
review=$1
dir=$2
tmp=$(mktemp -d)
busy=""
cleanup() {
    for p in $busy; do kill "$p" 2>/dev/null || true; done
    rm -rf "$tmp"
}
trap cleanup EXIT

for f in sample-easy-beginner.gomoku sample-missed-win.psq; do
    "$review" --nodes 10000 "$dir/$f" > "$tmp/idle-$f.txt"
done
# Two busy loops: with a time budget the searches would see less of the
# tree and answer differently.
for i in 1 2; do
    sh -c 'while :; do :; done' &
    busy="$busy $!"
done
for f in sample-easy-beginner.gomoku sample-missed-win.psq; do
    "$review" --nodes 10000 "$dir/$f" > "$tmp/busy-$f.txt"
    cmp "$tmp/idle-$f.txt" "$tmp/busy-$f.txt" || {
        echo "check_review: $f reviewed differently under load" >&2
        diff "$tmp/idle-$f.txt" "$tmp/busy-$f.txt" >&2 || true
        exit 1
    }
done
out="$tmp/idle-sample-missed-win.psq.txt"
grep -q '^    7  black  O1      x missed win   F8 ' "$out" || {
    echo "check_review: the missed win (move 7, black, best F8) is not marked:" >&2
    cat "$out" >&2
    exit 1
}
grep -q '^      the win: F8 E8 J8$' "$out" || {
    echo "check_review: the win is not the line Show the win plays:" >&2
    cat "$out" >&2
    exit 1
}
grep -q '^black: accuracy [0-9]*% over 4 moves' "$out" &&
    grep -q '^white: accuracy [0-9]*% over 3 moves' "$out" || {
    echo "check_review: no summary per side:" >&2
    cat "$out" >&2
    exit 1
}
lines=$(grep -c '^ *[0-9]*  \(black\|white\)  ' "$tmp/idle-sample-easy-beginner.gomoku.txt")
[ "$lines" -eq 31 ] || {
    echo "check_review: $lines move lines for a game of 31 moves" >&2
    exit 1
}
echo "check_review: same bytes idle and under load; marks, the win and summaries as expected"
