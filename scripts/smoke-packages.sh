#!/usr/bin/env bash
# Prove every package built here starts and plays (run after
# scripts/build-windows.sh and scripts/build-linux.sh):
#   tarball  unpacked in a temporary folder and started from another working
#            directory: --version, a real X11 window under xvfb-run, the
#            scripted self-test game (its final screen is the reference for
#            Windows), the brain's Gomocup session; it needs only glibc
#   .deb     installed with apt-get, started under xvfb-run from /usr/bin,
#            its menu entry and icons checked, then removed again (in CI, or
#            with GOMOKU_SMOKE_INSTALL_DEB=1; otherwise unpacked with dpkg-deb
#            and run from there)
#   zip      unpacked and run under Wine in a fresh WINEPREFIX: --version,
#            the self-test game with SDL's dummy video driver, whose final
#            screen must equal the Linux one pixel for pixel (both use the
#            same SDL, FreeType and SDL_ttf sources), a real window under
#            xvfb-run, and the brain's Gomocup session
# and that every package's file name carries the one version.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${GOMOKU_PACKAGE_DIR:-$ROOT/build/packages}"
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }
PY="$(command -v python3)"

DEB_TREE="${GOMOKU_DEB_TREE:-$ROOT/build/deb}"
VERSION="$(sed -n 's/^#define GOMOKU_VERSION "\(.*\)"$/\1/p' "$DEB_TREE/generated/gomoku_version.h")"
[ -n "$VERSION" ] || die "no $DEB_TREE: run scripts/build-linux.sh first"
ARCH="$(dpkg --print-architecture)"
ZIP="$OUT/gomoku-$VERSION-windows-x64.zip"
DEB="$OUT/gomoku_${VERSION}_$ARCH.deb"
TGZ="$OUT/gomoku-$VERSION-linux-$(uname -m).tar.gz"
for f in "$ZIP" "$DEB" "$TGZ"; do
    [ -f "$f" ] || die "missing package $f (are the builds at version $VERSION?)"
done

tmp="$(mktemp -d "${TMPDIR:-/tmp}/gomoku-smoke.XXXXXX")"
cleanup() {
    if [ -n "${WINEPREFIX:-}" ] && command -v wineserver >/dev/null 2>&1; then
        wineserver -k 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
# The game keeps settings and saved games in the user's data folder: use a
# fresh one so every run starts from the same state and nothing is left.
export XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config"
unset GOMOKU_DATA_DIR
export SDL_RENDER_DRIVER=software
# No sound card on a CI machine: SDL's dummy audio keeps ALSA's complaints out of the log.
export SDL_AUDIODRIVER=dummy
HEADLESS=(env SDL_VIDEODRIVER=dummy)
XVFB=(xvfb-run -a -s "-screen 0 1280x1024x24")

# ---------------------------------------------------------------- tarball
say "Tarball: unpack in $tmp/tar, run from /"
mkdir -p "$tmp/tar"
tar xzf "$TGZ" -C "$tmp/tar"
T="$tmp/tar/gomoku-$VERSION-linux-$(uname -m)"
for f in gomoku pbrain-gomoku assets/icon.png assets/puzzles/free15.txt gomoku.desktop README.txt \
         LICENSE licenses/SDL2.txt; do
    [ -e "$T/$f" ] || die "tarball lacks $f"
done
[ -x "$T/gomoku.desktop" ] || die "the tarball's launcher is not executable"
(
    cd /
    [ "$("$T/gomoku" --version)" = "gomoku $VERSION" ] || die "tarball: wrong --version"
    "${HEADLESS[@]}" "$T/gomoku" --selftest "$tmp/linux-static.png"
    "${XVFB[@]}" "$T/gomoku" --quit-after-frames 30
    "$PY" "$ROOT/scripts/brain-session.py" "$T/pbrain-gomoku"
)

# -------------------------------------------------------------------- deb
say "Debian package: $(basename "$DEB")"
dpkg-deb -f "$DEB" Depends | grep -q libsdl2 || die "the .deb does not depend on SDL2"
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo -n)
if [ "${CI:-}" = true ] || [ "${GOMOKU_SMOKE_INSTALL_DEB:-0}" = 1 ]; then
    if dpkg-query -W -f='${Status}' gomoku 2>/dev/null | grep -q "install ok installed"; then
        say "Replacing the gomoku package already installed (left by an earlier run?)"
    fi
    say "apt-get install $DEB"
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "$DEB" >/dev/null
    D=/usr
    installed=1
else
    say "Not in CI: unpacking the .deb instead of installing it (GOMOKU_SMOKE_INSTALL_DEB=1 installs)"
    dpkg-deb -x "$DEB" "$tmp/deb"
    D="$tmp/deb/usr"
    installed=0
fi
deb_ok=0
(
    for f in bin/gomoku bin/pbrain-gomoku share/gomoku/assets/icon.png \
             share/gomoku/assets/puzzles/free15.txt \
             share/applications/gomoku.desktop share/icons/hicolor/48x48/apps/gomoku.png \
             share/icons/hicolor/256x256/apps/gomoku.png share/doc/gomoku/copyright; do
        [ -e "$D/$f" ] || die "the .deb lacks /usr/$f"
    done
    cd "$tmp"
    [ "$("$D/bin/gomoku" --version)" = "gomoku $VERSION" ] || die ".deb: wrong --version"
    # (-e does not apply inside a tested subshell: each step says || exit.)
    "${XVFB[@]}" "$D/bin/gomoku" --quit-after-frames 30 || exit 1
    "${HEADLESS[@]}" "$D/bin/gomoku" --selftest "$tmp/linux-deb.png" || exit 1
    "$PY" "$ROOT/scripts/brain-session.py" "$D/bin/pbrain-gomoku" || exit 1
) && deb_ok=1
if [ "$installed" = 1 ]; then
    say "apt-get remove gomoku"
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get remove -y -q gomoku >/dev/null
    [ ! -e /usr/bin/gomoku ] || die "/usr/bin/gomoku is still there after removing the package"
fi
[ "$deb_ok" = 1 ] || die "the .deb smoke test failed"

# -------------------------------------------------------------------- zip
say "Windows zip under Wine: $(basename "$ZIP")"
mkdir -p "$tmp/win"
unzip -q "$ZIP" -d "$tmp/win"
W="$tmp/win/gomoku-$VERSION-windows-x64"
for f in gomoku.exe pbrain-gomoku.exe assets/icon.png assets/puzzles/free15.txt README.txt \
         LICENSE.txt licenses/SDL2.txt; do
    [ -e "$W/$f" ] || die "zip lacks $f"
done
export WINEPREFIX="$tmp/wine" WINEARCH=win64 WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
t0=$SECONDS
"${XVFB[@]}" wineboot -i >/dev/null 2>&1 || die "wineboot failed"
echo "Wine prefix ready in $((SECONDS - t0)) s"
(
    cd "$W"
    v="$(wine gomoku.exe --version | tr -d '\r')"
    [ "$v" = "gomoku $VERSION" ] || die "gomoku.exe --version says '$v'"
    echo "gomoku.exe --version: $v"
    "${HEADLESS[@]}" wine gomoku.exe --selftest windows.png
    "${XVFB[@]}" wine gomoku.exe --quit-after-frames 30
    "$PY" "$ROOT/scripts/brain-session.py" wine pbrain-gomoku.exe
)
# Decoded pixels, not PNG bytes: the count of differing pixels must be 0.
diff_px="$(compare -metric AE "$tmp/linux-static.png" "$W/windows.png" "$tmp/diff.png" 2>&1 || true)"
echo "Windows vs Linux (same SDL sources) final screen: $diff_px differing pixels"
if [ "$diff_px" != 0 ]; then
    mkdir -p "$OUT/smoke-failure"
    cp "$tmp/linux-static.png" "$W/windows.png" "$tmp/diff.png" "$OUT/smoke-failure/"
    die "the Windows screen differs from the Linux one (see $OUT/smoke-failure/)"
fi
# The .deb uses Debian's SDL_ttf (HarfBuzz): only text may differ, a little.
deb_px="$(compare -metric AE -fuzz 10% "$tmp/linux-static.png" "$tmp/linux-deb.png" null: 2>&1 || true)"
echo "(.deb vs static build, 10% fuzz: $deb_px differing pixels; text shaping differs)"

say "Version in every package name"
"$PY" "$ROOT/scripts/check-version.py" --version "$VERSION" --package "$ZIP" "$DEB" "$TGZ" \
    --game "$T/gomoku" --brain "$T/pbrain-gomoku"
say "All packages start and play: $(cd "$OUT" && ls gomoku*)"
