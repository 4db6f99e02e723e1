#!/bin/sh
# subset-font.sh - cut Noto Sans CJK SC down to the characters the UI uses.
#
# Writes assets/fonts/NotoSansSC-{Regular,Bold}-subset.otf from Debian's
# fonts-noto-cjk (SIL OFL 1.1; the .ttc face 2 is Simplified Chinese) with
# pyftsubset (Debian's fonttools).  The character set is: printable ASCII,
# a fixed list of symbols and punctuation the UI may draw, and every
# character of every string literal in src/app/**/*.c and *.h (C escapes
# decoded, so "\xc2\xb7" counts as U+00B7).  Re-run it after adding text to
# src/app/store/i18n.c; test_i18n fails while a glyph is missing.
#
# Usage: tools/subset-font.sh [NOTO_DIR]   (default /usr/share/fonts/opentype/noto)
# Needs: apt-get install fonts-noto-cjk fonttools
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
noto=${1:-/usr/share/fonts/opentype/noto}
out="$here/assets/fonts"
python=/usr/bin/python3   # the first python3 on PATH may not see Debian's fontTools
pyftsubset=/usr/bin/pyftsubset

for f in "$noto/NotoSansCJK-Regular.ttc" "$noto/NotoSansCJK-Bold.ttc" "$pyftsubset"; do
    if [ ! -e "$f" ]; then
        echo "subset-font.sh: missing $f (apt-get install fonts-noto-cjk fonttools)" >&2
        exit 1
    fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$python" - "$here/src/app" > "$tmp/chars.txt" <<'PY'
import glob, os, sys, unicodedata

EXTRA = ("×·…—–‒−±°←→↑↓↔◀▶◁▷▲▼△▽✕✓✔✗●○◉◎□■★☆«»‘’“”•‹›⟲⟳↶↷"
         "，。、：；！？（）《》「」『』【】～—…·")

def literals(src):
    """Yields the raw bodies of the string literals in C source src."""
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j + 1
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c and src[j] != "\n":
                j += 2 if src[j] == "\\" else 1
            if c == '"':
                yield src[i + 1:j]
            i = j + 1
        else:
            i += 1

def decode(body):
    """C escapes to bytes, then UTF-8 to text (bad sequences dropped)."""
    out = bytearray()
    raw = body.encode("utf-8")
    i = 0
    simple = {ord("n"): 10, ord("t"): 9, ord("r"): 13, ord("0"): 0, ord("\\"): 92,
              ord('"'): 34, ord("'"): 39, ord("a"): 7, ord("b"): 8, ord("f"): 12, ord("v"): 11}
    while i < len(raw):
        b = raw[i]
        if b != 92 or i + 1 >= len(raw):
            out.append(b)
            i += 1
            continue
        e = raw[i + 1]
        if e == ord("x"):
            j = i + 2
            while j < len(raw) and chr(raw[j]) in "0123456789abcdefABCDEF":
                j += 1
            out.append(int(raw[i + 2:j], 16) & 0xFF if j > i + 2 else 0)
            i = j
        elif e in (ord("u"), ord("U")):
            digits = 4 if e == ord("u") else 8
            out += chr(int(raw[i + 2:i + 2 + digits], 16)).encode("utf-8")
            i += 2 + digits
        elif ord("0") <= e <= ord("7"):
            j = i + 1
            while j < len(raw) and j < i + 4 and ord("0") <= raw[j] <= ord("7"):
                j += 1
            out.append(int(raw[i + 1:j], 8) & 0xFF)
            i = j
        else:
            out.append(simple.get(e, e))
            i += 2
    return out.decode("utf-8", "ignore")

chars = set(chr(c) for c in range(0x20, 0x7F)) | set(EXTRA)
for path in sorted(glob.glob(os.path.join(sys.argv[1], "**", "*.[ch]"), recursive=True)):
    with open(path, encoding="utf-8") as f:
        for body in literals(f.read()):
            # Control and format characters (a BOM a parser skips) are no glyphs.
            chars |= set(ch for ch in decode(body) if unicodedata.category(ch)[0] != "C")
sys.stdout.write("".join(sorted(chars)))
PY

echo "subset-font.sh: $(wc -m < "$tmp/chars.txt") characters"
for face in Regular Bold; do
    dst="$out/NotoSansSC-$face-subset.otf"
    # Face 2 of the collection is SC.  Keep every name record (the licence
    # and copyright live there), drop the vertical-writing tables the UI
    # never uses.  The timestamp is kept from the source, so the output is
    # the same on every run.
    "$pyftsubset" "$noto/NotoSansCJK-$face.ttc" --font-number=2 \
        --text-file="$tmp/chars.txt" --name-IDs='*' --name-languages='*' \
        --drop-tables+=vhea,vmtx,VORG --output-file="$dst"
    # Noto CJK maps U+00B7 to a full-width dot; the UI uses it as a
    # separator between spaced words in both languages, where the
    # proportional dot (reachable only through 'locl', which SDL_ttf cannot
    # select) reads right.  Point the cmap at that glyph.
    "$python" - "$dst" <<'PY'
import sys
from fontTools.ttLib import TTFont
path = sys.argv[1]
font = TTFont(path, recalcTimestamp=False)
cmap = font.getBestCmap()
src = cmap.get(0xB7)
width = font["hmtx"]
best = None
for lookup in font["GSUB"].table.LookupList.Lookup:
    for sub in lookup.SubTable:
        sub = getattr(sub, "ExtSubTable", sub)
        alt = getattr(sub, "mapping", {}).get(src) if src else None
        if alt and width[alt][0] < width[src][0] and (best is None or alt < best):
            best = alt
if best:
    for table in font["cmap"].tables:
        if table.isUnicode() and 0xB7 in table.cmap:
            table.cmap[0xB7] = best
    font.save(path)
PY
    echo "subset-font.sh: wrote $dst ($(wc -c < "$dst") bytes)"
done

# Report requested characters the font does not have (they will not draw).
"$python" - "$out/NotoSansSC-Regular-subset.otf" "$tmp/chars.txt" <<'PY'
import sys
from fontTools.ttLib import TTFont
cmap = TTFont(sys.argv[1]).getBestCmap()
text = open(sys.argv[2], encoding="utf-8").read()
missing = [c for c in text if ord(c) not in cmap]
if missing:
    print("subset-font.sh: not in Noto Sans CJK SC (avoid in UI text): " +
          " ".join("%s U+%04X" % (c, ord(c)) for c in missing))
PY
