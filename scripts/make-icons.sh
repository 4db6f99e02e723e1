#!/usr/bin/env bash
# Regenerate every platform's icon from assets/icon.png (the one source):
#   packaging/icons/hicolor/<N>x<N>/apps/gomoku.png   Linux menus (16..512)
#   packaging/windows/gomoku.ico                      exe icon (16..256)
#   packaging/macos/Gomoku.iconset/                   every size 16..1024 incl. @2x
#   packaging/macos/Gomoku.icns                       from that set
# Needs ImageMagick (convert) and icnsutils (png2icns).  The outputs are
# committed, so building never needs these tools; run this after changing
# the icon.  assets/icon.png is 256x256: the larger sizes are upscaled.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC="$ROOT/assets/icon.png"
P="$ROOT/packaging"
command -v convert >/dev/null || { echo "need ImageMagick (apt-get install imagemagick)" >&2; exit 1; }
command -v png2icns >/dev/null || { echo "need png2icns (apt-get install icnsutils)" >&2; exit 1; }

# Strip dates and other metadata so regenerating gives the same bytes.
resize() { # size out
    convert "$SRC" -filter Lanczos -resize "$1x$1" -strip -define png:exclude-chunks=date,time \
        PNG32:"$2"
}

rm -rf "$P/icons/hicolor"
for n in 16 24 32 48 64 128 256 512; do
    mkdir -p "$P/icons/hicolor/${n}x${n}/apps"
    resize "$n" "$P/icons/hicolor/${n}x${n}/apps/gomoku.png"
done

tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
for n in 16 24 32 48 64 256; do resize "$n" "$tmp/ico-$n.png"; done
convert "$tmp"/ico-16.png "$tmp"/ico-24.png "$tmp"/ico-32.png "$tmp"/ico-48.png \
    "$tmp"/ico-64.png "$tmp"/ico-256.png "$P/windows/gomoku.ico"

set_dir="$P/macos/Gomoku.iconset"
rm -rf "$set_dir"; mkdir -p "$set_dir"
for n in 16 32 128 256 512; do
    resize "$n" "$set_dir/icon_${n}x${n}.png"
    resize "$((n * 2))" "$set_dir/icon_${n}x${n}@2x.png"
done
# png2icns picks the icon type from each PNG's size (16, 32, 128, 256, 512, 1024).
png2icns "$P/macos/Gomoku.icns" "$set_dir"/icon_16x16.png "$set_dir"/icon_32x32.png \
    "$set_dir"/icon_128x128.png "$set_dir"/icon_256x256.png "$set_dir"/icon_512x512.png \
    "$set_dir"/icon_512x512@2x.png >/dev/null
echo "icons written under $P"
