#!/usr/bin/env bash
# Cross-build Gomoku for 64-bit Windows on Debian/Ubuntu and pack it:
#   build/packages/gomoku-<version>-windows-x64.zip   unzip, double-click gomoku.exe
#   (and gomoku-<version>-windows-x64.exe, an installer, if makensis is installed)
# Needs: gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 mingw-w64-x86-64-dev
# binutils-mingw-w64-x86-64 cmake ninja-build zip (scripts/bootstrap.sh
# packages installs them).  The static SDL libraries come from
# scripts/build-deps.sh (cached outside the clone).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${GOMOKU_WINDOWS_BUILD:-$ROOT/build/windows}"
OUT="${GOMOKU_PACKAGE_DIR:-$ROOT/build/packages}"
JOBS="$(nproc 2>/dev/null || echo 2)"
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

PREFIX="$("$ROOT/scripts/build-deps.sh" mingw64)"

gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
say "Cross-building for Windows in $BUILD"
cmake -S "$ROOT" -B "$BUILD" "${gen[@]}" \
    -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/mingw-w64-x86_64.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DGOMOKU_DEPS_PREFIX="$PREFIX" -DGOMOKU_PORTABLE=ON \
    -DGOMOKU_WERROR=ON -DGOMOKU_BUILD_TESTS=OFF -DGOMOKU_BUILD_TOOLS=OFF >/dev/null
cmake --build "$BUILD" -j "$JOBS"

# Only Windows' own DLLs: no SDL2.dll, libgcc, libwinpthread or libstdc++.
say "Checking the DLLs the exes import"
for exe in "$BUILD/gomoku.exe" "$BUILD/pbrain-gomoku.exe"; do
    dlls="$(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/.*DLL Name: //p' | sort -u)"
    echo "$(basename "$exe"): $(echo $dlls)"
    while read -r dll; do
        lower="$(echo "$dll" | tr 'A-Z' 'a-z')"
        case "$lower" in
            kernel32.dll|user32.dll|gdi32.dll|winmm.dll|imm32.dll|ole32.dll|oleaut32.dll|\
            version.dll|advapi32.dll|setupapi.dll|shell32.dll|msvcrt.dll|ws2_32.dll|\
            dinput8.dll|dxguid.dll|cfgmgr32.dll|hid.dll|api-ms-win-*.dll|ucrtbase.dll) ;;
            *) echo "error: $(basename "$exe") needs $dll, which Windows does not ship" >&2
               exit 1 ;;
        esac
    done <<<"$dlls"
done

mkdir -p "$OUT"
gens=ZIP
if command -v makensis >/dev/null 2>&1; then
    gens="ZIP;NSIS"
fi
say "Packing ($gens)"
(cd "$BUILD" && cpack -G "$gens" -B "$OUT" >/dev/null)
# Only this script's staging folder: the other package script runs beside
# it in CI and may still be packing in its own (removing the whole of
# _CPack_Packages here broke its NSIS installer once the .deb came quicker).
rm -rf "$OUT/_CPack_Packages/win64"
rmdir "$OUT/_CPack_Packages" 2>/dev/null || true
ls -l "$OUT"/gomoku-*-windows-x64.*
