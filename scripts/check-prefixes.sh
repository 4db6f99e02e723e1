#!/usr/bin/env bash
# Every global symbol of src/ carries its module's prefix: the file's name
# (record_psq.c: record_psq_...) or the family it belongs to (the part
# before the first underscore: session_engine.c: session_...).  Case is
# ignored, so ui.c's UI_TEXT counts.  The exceptions are listed in
# HACKING.md ("Names") and here.
#
# usage: check-prefixes.sh BUILD_DIR   (a configured and built tree)
set -euo pipefail
BUILD="${1:?usage: $0 BUILD_DIR}"
# board.h's helpers are named after the value types they work on (Move, Stone).
EXCEPTIONS=" move_equal move_is_valid stone_opponent main "
# One nm and one awk over every object: a process per symbol took seconds.
find "$BUILD/src" -name '*.c.o' -print0 | xargs -0 -r nm -g --defined-only -A |
    awk -v exceptions="$EXCEPTIONS" '
    NF == 3 {
        o = $1
        sub(/:[^:]*$/, "", o)
        n = split(o, parts, "/")
        f = parts[n]
        sub(/\.c\.o$/, "", f)
        fam = f
        sub(/_.*/, "", fam)
        sym = $3
        low = tolower(sym)
        if (low == f || index(low, f "_") == 1 || index(low, fam "_") == 1) next
        if (index(exceptions, " " sym " ") > 0) next
        printf "error: %s.c exports '\''%s'\'' without its prefix %s_ or %s_\n", f, sym, f, fam > "/dev/stderr"
        bad = 1
    }
    END { exit bad }' || exit 1
echo "prefixes ok: every global symbol of src/ carries its module's prefix"
