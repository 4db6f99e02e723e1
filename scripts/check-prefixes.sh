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
status=0
while IFS= read -r -d '' o; do
    f="$(basename "$o" .c.o)"
    fam="${f%%_*}"
    while read -r sym; do
        low="$(printf '%s' "$sym" | tr '[:upper:]' '[:lower:]')"
        case "$low" in
            "$f"_*|"$f"|"$fam"_*) continue ;;
        esac
        case "$EXCEPTIONS" in
            *" $sym "*) continue ;;
        esac
        echo "error: $f.c exports '$sym' without its prefix ${f}_ or ${fam}_" >&2
        status=1
    done < <(nm -g --defined-only "$o" | awk 'NF == 3 {print $3}')
done < <(find "$BUILD/src" -name '*.c.o' -print0)
[ "$status" -eq 0 ] || exit 1
echo "prefixes ok: every global symbol of src/ carries its module's prefix"
