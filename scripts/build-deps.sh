#!/usr/bin/env bash
# Build static SDL2, FreeType, SDL2_image (stb backend: PNG without libpng)
# and SDL2_ttf from Debian's source packages, for Windows (mingw-w64) or for
# this Linux machine (the portable tarball), and cache the result OUTSIDE the
# clone, keyed by the source versions and this script, so the next run only
# prints the path.
#
#   scripts/build-deps.sh mingw64|native     prints the install prefix on stdout
#
# Cache: ${GOMOKU_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gomoku-deps}/<target>-<key>/
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="${1:?usage: build-deps.sh mingw64|native}"
JOBS="$(nproc 2>/dev/null || echo 2)"
CACHE="${GOMOKU_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gomoku-deps}"

log() { printf '\033[1m--> %s\033[0m\n' "$*" >&2; }

case "$TARGET" in
    mingw64)
        TOOLCHAIN="$ROOT/cmake/mingw-w64-x86_64.cmake"
        CC_ID="$(x86_64-w64-mingw32-gcc-posix --version | head -n1)"
        ;;
    native)
        TOOLCHAIN=""
        CC_ID="$(cc --version | head -n1)"
        ;;
    *) echo "unknown target $TARGET" >&2; exit 2 ;;
esac

# The key: what would change the result.  If the archive cannot be reached
# (offline), reuse the newest complete build for this target.
if versions="$("$ROOT/scripts/fetch-sources.sh" --versions 2>/dev/null)"; then
    key="$( { echo "$versions"; echo "$CC_ID"; cat "$0";
              if [ -n "$TOOLCHAIN" ]; then cat "$TOOLCHAIN"; fi; } | sha256sum | cut -c1-16)"
    PREFIX="$CACHE/$TARGET-$key"
else
    PREFIX="$(ls -dt "$CACHE/$TARGET"-*/ 2>/dev/null | while read -r d; do
        [ -f "$d/.complete" ] && { echo "${d%/}"; break; }; done)"
    [ -n "$PREFIX" ] || { echo "error: cannot reach the Debian archive and no cached build" >&2; exit 1; }
    log "Offline: reusing $PREFIX"
fi

if [ -f "$PREFIX/.complete" ]; then
    log "Cached $TARGET libraries: $PREFIX"
    echo "$PREFIX"
    exit 0
fi

log "Building static SDL2, FreeType, SDL2_image, SDL2_ttf for $TARGET into $PREFIX"
work="$(mktemp -d "${TMPDIR:-/tmp}/gomoku-deps.XXXXXX")"
trap 'rm -rf "$work"' EXIT
rm -rf "$PREFIX"
mkdir -p "$PREFIX"
"$ROOT/scripts/fetch-sources.sh" "$work/src"
printf '%s\n' "$versions" >"$PREFIX/VERSIONS"

gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
common=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_PREFIX_PATH="$PREFIX"
        -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON
        -DCMAKE_INSTALL_LIBDIR=lib)
if [ -n "$TOOLCHAIN" ]; then
    common+=(-DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" -DGOMOKU_DEPS_PREFIX="$PREFIX")
fi

build() { # name srcdir cmake-args...
    local name="$1" src="$2" t0=$SECONDS; shift 2
    log "$name"
    cmake -S "$src" -B "$work/build-$name" "${gen[@]}" "${common[@]}" "$@" >"$work/$name.log" 2>&1 ||
        { tail -n 40 "$work/$name.log" >&2; exit 1; }
    cmake --build "$work/build-$name" -j "$JOBS" >>"$work/$name.log" 2>&1 ||
        { tail -n 40 "$work/$name.log" >&2; exit 1; }
    cmake --install "$work/build-$name" >>"$work/$name.log" 2>&1 ||
        { tail -n 40 "$work/$name.log" >&2; exit 1; }
    log "$name: $((SECONDS - t0)) s"
}

src() { ls -d "$work/src/$1"-*/ | head -n1; }

# Without the subsystems the game never starts (joysticks, haptics, sensors,
# power), and without KMS/DRM (the game runs on a desktop): a quarter less
# to compile, which matters on a CI machine with a cold cache.  (Turning off
# further drivers, Vulkan, OpenGL ES, Direct3D 12, the other sound servers,
# saved nothing measurable: most of SDL's 2.5 minutes here is its configure
# checks and the files it compiles whatever is on.)
build sdl2 "$(src libsdl2)" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DSDL2_DISABLE_SDL2MAIN=OFF \
    -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF -DSDL_SENSOR=OFF -DSDL_POWER=OFF \
    -DSDL_KMSDRM=OFF
build freetype "$(src freetype)" -DFT_DISABLE_ZLIB=ON -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON \
    -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON
build sdl2_image "$(src libsdl2-image)" -DSDL2IMAGE_BACKEND_STB=ON -DSDL2IMAGE_VENDORED=OFF \
    -DSDL2IMAGE_DEPS_SHARED=OFF -DSDL2IMAGE_SAMPLES=OFF -DSDL2IMAGE_JPG=OFF -DSDL2IMAGE_SVG=OFF \
    -DSDL2IMAGE_AVIF=OFF -DSDL2IMAGE_JXL=OFF -DSDL2IMAGE_TIF=OFF -DSDL2IMAGE_WEBP=OFF
build sdl2_ttf "$(src libsdl2-ttf)" -DSDL2TTF_VENDORED=OFF -DSDL2TTF_HARFBUZZ=OFF -DSDL2TTF_SAMPLES=OFF

# SDL2_image's config asks for libpng even though stb decodes PNG: drop that.
find "$PREFIX" -name 'SDL2_imageConfig.cmake' -exec \
    sed -i -e 's/^\( *\)find_dependency(PNG)/\1# stb backend: no libpng/' {} +

# Licences of what gets linked into the game, shipped beside it.
mkdir -p "$PREFIX/licenses"
cp "$(src libsdl2)/LICENSE.txt" "$PREFIX/licenses/SDL2.txt"
cp "$(src libsdl2-image)/LICENSE.txt" "$PREFIX/licenses/SDL2_image.txt"
cp "$(src libsdl2-ttf)/LICENSE.txt" "$PREFIX/licenses/SDL2_ttf.txt"
cp "$(src freetype)/docs/FTL.TXT" "$PREFIX/licenses/FreeType-FTL.txt"
touch "$PREFIX/.complete"
log "Done: $PREFIX"
echo "$PREFIX"
