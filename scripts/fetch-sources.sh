#!/usr/bin/env bash
# Fetch Debian's source packages of SDL2, SDL2_image, SDL2_ttf and FreeType
# into a folder, through a private APT configuration in a temporary folder:
# deb-src lines are added there, never in /etc.
#
#   scripts/fetch-sources.sh DEST     fetch (and unpack) into DEST
#   scripts/fetch-sources.sh --versions
#                                     print "srcpkg version" lines only
set -euo pipefail

SRC_PACKAGES=(libsdl2 libsdl2-image libsdl2-ttf freetype)

tmp="$(mktemp -d "${TMPDIR:-/tmp}/gomoku-apt.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/sources.list.d" "$tmp/lists/partial" "$tmp/cache/archives/partial" "$tmp/prefs.d"

# The system's deb822 sources, turned into deb-src.  Fall back to Debian's
# mirror when the machine has no deb822 file (e.g. an old-style list).
found=0
for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    sed -e 's/^Types:.*/Types: deb-src/' "$f" >"$tmp/sources.list.d/$(basename "$f")"
    found=1
done
if [ "$found" -eq 0 ] && [ -f /etc/apt/sources.list ]; then
    sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >"$tmp/sources.list.d/system.list"
fi

cat >"$tmp/apt.conf" <<CONF
Dir::Etc::SourceList "/dev/null";
Dir::Etc::SourceParts "$tmp/sources.list.d";
Dir::Etc::PreferencesParts "$tmp/prefs.d";
Dir::State::Lists "$tmp/lists";
Dir::Cache "$tmp/cache";
Dir::State::status "/var/lib/dpkg/status";
APT::Sandbox::User "root";
CONF
export APT_CONFIG="$tmp/apt.conf"
apt-get update -qq >&2

if [ "${1:-}" = "--versions" ]; then
    for p in "${SRC_PACKAGES[@]}"; do
        # The .dsc that "apt-get source" would fetch names the version.
        dsc="$(apt-get source --print-uris -qq "$p" | awk '{print $2}' | grep '\.dsc$' | head -n1)"
        ver="${dsc#*_}"; ver="${ver%.dsc}"
        [ -n "$ver" ] || { echo "error: no source package $p" >&2; exit 1; }
        echo "$p $ver"
    done
    exit 0
fi

dest="${1:?usage: fetch-sources.sh DEST | --versions}"
mkdir -p "$dest"
cd "$dest"
# No signature checking tools may be installed; the archive's Release file
# is signed and checked by apt-get update, and apt checks the hashes.
apt-get source -qq --download-only "${SRC_PACKAGES[@]}" >&2
for dsc in *.dsc; do
    dpkg-source --no-check -x "$dsc" >&2
done
