#!/usr/bin/env bash
# Build static SDL2, FreeType, SDL2_image (stb backend: PNG without libpng)
# and SDL2_ttf from Debian's source packages, for Windows (mingw-w64) or for
# this Linux machine (the portable tarball), and cache the result OUTSIDE the
# clone, keyed by the source versions and this script, so the next run only
# prints the path.
#
#   scripts/build-deps.sh mingw64|native     prints the install prefix on stdout
#   scripts/build-deps.sh mingw64|native --record-checks
#                                            runs SDL's configure checks and records
#                                            their answers in cmake/deps/ (see below)
#
# Cache: ${GOMOKU_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gomoku-deps}/<target>-<key>/
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="${1:?usage: build-deps.sh mingw64|native [--record-checks]}"
RECORD=0
[ "${2:-}" = --record-checks ] && RECORD=1
JOBS="$(nproc 2>/dev/null || echo 2)"
CACHE="${GOMOKU_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gomoku-deps}"

log() { printf '\033[1m--> %s\033[0m\n' "$*" >&2; }

case "$TARGET" in
    mingw64)
        TOOLCHAIN="$ROOT/cmake/mingw-w64-x86_64.cmake"
        CC_ID="$(x86_64-w64-mingw32-gcc-posix --version | head -n1)"
        CHECK_CC=x86_64-w64-mingw32-gcc-posix
        SYSROOT_PACKAGES=(gcc-mingw-w64-x86-64-posix mingw-w64-x86-64-dev)
        ;;
    native)
        TOOLCHAIN=""
        CC_ID="$(cc --version | head -n1)"
        CHECK_CC=cc
        SYSROOT_PACKAGES=(libc6-dev linux-libc-dev)
        ;;
    *) echo "unknown target $TARGET" >&2; exit 2 ;;
esac

# Without the subsystems the game never starts (joysticks, haptics, sensors,
# power), and without KMS/DRM (the game runs on a desktop): a quarter less
# to compile, which matters on a CI machine with a cold cache.  (Turning off
# further drivers, Vulkan, OpenGL ES, Direct3D 12, the other sound servers,
# saved nothing measurable: SDL compiles most of its files whatever is on.)
SDL_ARGS=(-DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DSDL2_DISABLE_SDL2MAIN=OFF
          -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF -DSDL_SENSOR=OFF -DSDL_POWER=OFF
          -DSDL_KMSDRM=OFF)

# SDL's configure runs about 200 checks, each a CMake sub-project that
# compiles and links a test program: 36 s here and 62 s for mingw, on one
# core, a fifth of the libraries' whole cost, and on a fresh CI machine
# they compete with the tests.  Their answers depend only on the compiler
# and the C library (or mingw-w64 sysroot) it targets, so the answers are
# recorded in cmake/deps/ (--record-checks) and handed to CMake as its
# initial cache when that fingerprint matches; anything else (another
# distribution, a newer compiler) runs the checks as before.  The checks
# that find optional packages (ALSA, udev, X11 extensions, OpenGL...) are
# never recorded: they always run.
CHECKS="$ROOT/cmake/deps/sdl2-checks-$TARGET.cmake"
CHECKS_NOT_RECORDED='ASOUND|SAMPLERATE|UDEV|UNWIND|NAS_H|OPENGL|RPI|VIVANTE|^HAVE_X'
checks_fingerprint() { # sdl-source-version
    # Versions cut to major.minor: a distribution's security updates keep
    # the answers; a new release of the C library or the compiler, which
    # may bring a function, changes the fingerprint.
    local mm='s/^[0-9]+://; s/-[^-]*$//; s/^([0-9]+\.[0-9]+).*/\1/'
    { echo "$1 $TARGET"; "$CHECK_CC" -dumpmachine; "$CHECK_CC" -dumpfullversion | sed -E "$mm"
      cmake --version | head -n1 | sed -E 's/.* //' | sed -E "$mm"; echo "${SDL_ARGS[*]}"
      for p in "${SYSROOT_PACKAGES[@]}"; do
          echo "$p $(dpkg-query -W -f '${Version}' "$p" 2>/dev/null | sed -E "$mm")"
      done
    } | sha256sum | cut -c1-16
}

# The key: what would change the result.  If the archive cannot be reached
# (offline), reuse the newest complete build for this target.
if versions="$("$ROOT/scripts/fetch-sources.sh" --versions 2>/dev/null)"; then
    key="$( { echo "$versions"; echo "$CC_ID"; cat "$0" "$CHECKS" 2>/dev/null;
              if [ -n "$TOOLCHAIN" ]; then cat "$TOOLCHAIN"; fi; } | sha256sum | cut -c1-16)"
    PREFIX="$CACHE/$TARGET-$key"
else
    PREFIX="$(ls -dt "$CACHE/$TARGET"-*/ 2>/dev/null | while read -r d; do
        [ -f "$d/.complete" ] && { echo "${d%/}"; break; }; done)"
    [ -n "$PREFIX" ] || { echo "error: cannot reach the Debian archive and no cached build" >&2; exit 1; }
    log "Offline: reusing $PREFIX"
fi

if [ "$RECORD" = 0 ] && [ -f "$PREFIX/.complete" ]; then
    log "Cached $TARGET libraries: $PREFIX"
    echo "$PREFIX"
    exit 0
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/gomoku-deps.XXXXXX")"
trap 'rm -rf "$work"' EXIT
if [ "$RECORD" = 1 ]; then
    [ -n "${versions:-}" ] || { echo "error: --record-checks needs the Debian archive" >&2; exit 1; }
    PREFIX="$work/prefix" # nothing is installed: the cached build stays as it is
else
    log "Building static SDL2, FreeType, SDL2_image, SDL2_ttf for $TARGET into $PREFIX"
fi
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

# Runs SDL's configure with every check and writes their answers (the
# INTERNAL cache entries check_* leave) to $CHECKS under the fingerprint.
record_checks() { # sdl-source-dir
    local b="$work/build-sdl2-checks"
    log "Running SDL's configure checks for $TARGET"
    cmake -S "$1" -B "$b" "${gen[@]}" "${common[@]}" "${SDL_ARGS[@]}" >"$work/checks.log" 2>&1 ||
        { tail -n 40 "$work/checks.log" >&2; exit 1; }
    mkdir -p "$(dirname "$CHECKS")"
    {
        echo "# SDL's configure checks for $TARGET, recorded by scripts/build-deps.sh $TARGET --record-checks"
        echo "# (used only when the fingerprint of the compiler, the C library and SDL matches):"
        echo "#   $CC_ID; SDL $sdl_version; $(dpkg-query -W -f '${Package} ${Version}\n' \
            "${SYSROOT_PACKAGES[@]}" 2>/dev/null | paste -sd ';' | sed 's/;/; /g')"
        echo "# fingerprint: $fingerprint"
        grep -E '^(HAVE_[A-Za-z0-9_]*|LIBC_IS_GLIBC|STDC_HEADERS):INTERNAL=' "$b/CMakeCache.txt" |
            grep -vE "$CHECKS_NOT_RECORDED" | LC_ALL=C sort |
            sed -E 's/^([A-Za-z0-9_]+):INTERNAL=(.*)$/set(\1 "\2" CACHE INTERNAL "")/'
    } >"$CHECKS"
    log "Recorded $(grep -c '^set(' "$CHECKS") answers in $CHECKS"
}

sdl_version="$(sed -n 's/^libsdl2 //p' <<<"$versions")"
fingerprint="$(checks_fingerprint "$sdl_version")"
if [ "$RECORD" = 1 ]; then
    record_checks "$(src libsdl2)"
    exit 0
fi
sdl_checks=()
if [ -f "$CHECKS" ] && grep -qx "# fingerprint: $fingerprint" "$CHECKS"; then
    log "SDL's configure checks: the answers recorded in ${CHECKS#"$ROOT"/}"
    sdl_checks=(-C "$CHECKS")
else
    log "SDL's configure checks: none recorded for this compiler and C library (fingerprint $fingerprint), running them"
fi
build sdl2 "$(src libsdl2)" "${sdl_checks[@]}" "${SDL_ARGS[@]}"
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
