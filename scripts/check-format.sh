#!/usr/bin/env bash
# Every C file under src/, tools/ and tests/ must be formatted exactly as the
# repo's .clang-format says.  The output of clang-format changes between its
# major versions, so the check pins the version the tree was formatted with.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WANT_MAJOR=14
CF="${CLANG_FORMAT:-}"
if [ -z "$CF" ]; then
    if command -v "clang-format-$WANT_MAJOR" >/dev/null 2>&1; then
        CF="clang-format-$WANT_MAJOR"
    elif command -v clang-format >/dev/null 2>&1 &&
         clang-format --version | grep -q "version $WANT_MAJOR\."; then
        CF=clang-format
    else
        echo "error: clang-format $WANT_MAJOR is needed (apt-get install clang-format-$WANT_MAJOR)" >&2
        # The CTest sets 77, "skipped", for a machine without it (CI has it).
        exit "${CHECK_FORMAT_MISSING_STATUS:-1}"
    fi
fi
cd "$ROOT"
# Tracked and new files; one deleted in the working tree but still in the
# index is not there to check.
mapfile -t listed < <(git ls-files --cached --others --exclude-standard 'src/*.[ch]' 'tools/*.[ch]' 'tests/*.[ch]' 2>/dev/null ||
                      find src tools tests -name '*.[ch]')
files=()
for f in "${listed[@]}"; do
    [ -f "$f" ] && files+=("$f")
done
if ! "$CF" --dry-run --Werror "${files[@]}"; then
    echo "error: the files above are not formatted; run: $CF -i <file>" >&2
    exit 1
fi
echo "format ok: ${#files[@]} files follow .clang-format ($CF)"
