#!/usr/bin/env bash
# Build the Linux packages:
#   build/packages/gomoku_<version>_<arch>.deb           /usr/bin/gomoku, menu entry, icons;
#                                                     dependencies from dpkg-shlibdeps
#   build/packages/gomoku-<version>-linux-<arch>.tar.gz  one folder, runs from wherever it
#                                                     is unpacked; SDL linked statically
# Needs the build packages (scripts/bootstrap.sh deps) plus dpkg-dev and file.
# GOMOKU_DEB_TREE=DIR packs the .deb from that built tree (CI's release tree)
# instead of building build/deb.
# The static SDL libraries come from scripts/build-deps.sh (cached outside
# the clone).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${GOMOKU_PACKAGE_DIR:-$ROOT/build/packages}"
JOBS="$(nproc 2>/dev/null || echo 2)"
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
mkdir -p "$OUT"
what="${1:-all}"
# The tree the .deb is packed from (GOMOKU_DEB_TREE: one already built).
DEB_TREE="${GOMOKU_DEB_TREE:-$ROOT/build/deb}"

if [ "$what" = all ] || [ "$what" = deb ]; then
    if [ -n "${GOMOKU_DEB_TREE:-}" ]; then
        # CI: the tree its release tests ran in (RelWithDebInfo is -O3 -g, the
        # same code as Release; CPack strips it), not a third build of the same.
        [ -f "$GOMOKU_DEB_TREE/CPackConfig.cmake" ] || { echo "error: no built tree at $GOMOKU_DEB_TREE" >&2; exit 1; }
        say "The .deb (system SDL libraries) from the tested tree $GOMOKU_DEB_TREE"
    else
        say "Building the .deb (system SDL libraries) in $DEB_TREE"
        cmake -S "$ROOT" -B "$DEB_TREE" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release \
            -DGOMOKU_WERROR=ON -DGOMOKU_BUILD_TESTS=OFF -DGOMOKU_BUILD_TOOLS=OFF >/dev/null
        cmake --build "$DEB_TREE" -j "$JOBS"
    fi
    (cd "$DEB_TREE" && cpack -G DEB -B "$OUT" >/dev/null)
fi

if [ "$what" = all ] || [ "$what" = tarball ]; then
    PREFIX="$("$ROOT/scripts/build-deps.sh" native)"
    say "Building the portable tarball (static SDL) in $ROOT/build/linux-portable"
    cmake -S "$ROOT" -B "$ROOT/build/linux-portable" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release \
        -DGOMOKU_DEPS_PREFIX="$PREFIX" -DGOMOKU_PORTABLE=ON -DGOMOKU_WERROR=ON \
        -DGOMOKU_BUILD_TESTS=OFF -DGOMOKU_BUILD_TOOLS=OFF >/dev/null
    cmake --build "$ROOT/build/linux-portable" -j "$JOBS"
    # Nothing of SDL may be left to find at run time: only glibc's libraries.
    needed="$(objdump -p "$ROOT/build/linux-portable/gomoku" | sed -n 's/ *NEEDED *//p' | sort -u)"
    echo "gomoku needs: $(echo $needed)"
    if echo "$needed" | grep -qvE '^(libc|libm|libpthread|libdl|librt|ld-linux[-a-z0-9_]*)\.so'; then
        echo "error: the portable gomoku needs more than glibc" >&2
        exit 1
    fi
    (cd "$ROOT/build/linux-portable" && cpack -G TGZ -B "$OUT" >/dev/null)
fi
# Only this script's staging folder: the other package script runs beside
# it in CI and may still be packing in its own (removing the whole of
# _CPack_Packages here broke its NSIS installer once the .deb came quicker).
rm -rf "$OUT/_CPack_Packages/Linux"
rmdir "$OUT/_CPack_Packages" 2>/dev/null || true
ls -l "$OUT"/gomoku*.deb "$OUT"/gomoku-*-linux-*.tar.gz 2>/dev/null || true
