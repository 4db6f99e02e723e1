#!/usr/bin/env bash
# Build Rapfi (github.com/dhbloo/rapfi, GPL-3.0), the open-source Gomocup
# champion, from its public source OUTSIDE this repository, as a sparring
# partner for gomoku-match:
#
#   tools/rapfi/build-rapfi.sh [--source DIR|--git-dir DIR] [--commit REV]
#   gomoku-match --pbrain-info max_memory=268435456 pbrain:build/dev/pbrain-gomoku \
#       pbrain:$HOME/.cache/gomoku-opponents/bin/pbrain-rapfi
#
# Where the source comes from, first that applies:
#   --git-dir DIR   a bare or mirrored git repository of Rapfi (for example
#                   what `fetch github:dhbloo/rapfi` leaves under
#                   /work/.mirror/dhbloo+rapfi/repo); REV is exported with
#                   git archive (default HEAD)
#   --source DIR    an unpacked source tree (the folder holding Rapfi/)
#   otherwise       git clone https://github.com/dhbloo/rapfi (needs the
#                   network), then REV
#
# Everything goes to ${GOMOKU_OPPONENTS_DIR:-~/.cache/gomoku-opponents}/
# rapfi-<commit>/ (src/, build/), with a link bin/pbrain-rapfi to the brain
# and bin/pbrain-rapfi.commit naming the commit it was built from.  Nothing
# of Rapfi is copied into this repository or linked into our programs: it
# is a separate program under its authors' licence, driven over pipes.
#
# Built with no config.toml beside it, so Rapfi plays with its classical
# (non-neural) evaluation at full strength; `INFO strength N` weakens it.
# About 6 minutes on 2 cores.  Needs cmake, g++ (C++17).  Not part of CI.
set -euo pipefail

CACHE="${GOMOKU_OPPONENTS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gomoku-opponents}"
say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

gitdir="" source="" rev="HEAD"
while [ $# -gt 0 ]; do
    case "$1" in
    --git-dir) gitdir="${2:?--git-dir needs a folder}"; shift 2 ;;
    --source) source="${2:?--source needs a folder}"; shift 2 ;;
    --commit) rev="${2:?--commit needs a revision}"; shift 2 ;;
    -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
    esac
done
command -v cmake >/dev/null || die "cmake is missing (apt-get install cmake)"
command -v g++ >/dev/null || die "g++ is missing (apt-get install g++)"
mkdir -p "$CACHE/bin"

tmp="$(mktemp -d "$CACHE/.rapfi-XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
if [ -z "$gitdir" ] && [ -z "$source" ]; then
    say "Cloning https://github.com/dhbloo/rapfi"
    git clone --quiet https://github.com/dhbloo/rapfi "$tmp/clone" ||
        die "could not clone Rapfi; give --git-dir or --source"
    gitdir="$tmp/clone/.git"
fi
if [ -n "$gitdir" ]; then
    commit="$(git --git-dir="$gitdir" rev-parse --verify "$rev^{commit}")" ||
        die "no commit $rev in $gitdir"
else
    [ -d "$source/Rapfi" ] || die "$source has no Rapfi/ folder"
    commit="$(git -C "$source" rev-parse HEAD 2>/dev/null || echo unknown)"
fi
dest="$CACHE/rapfi-${commit:0:12}"
if [ ! -x "$dest/build/pbrain-rapfi" ]; then
    rm -rf "$dest.new" && mkdir -p "$dest.new/src"
    if [ -n "$gitdir" ]; then
        git --git-dir="$gitdir" archive "$commit" | tar -x -C "$dest.new/src"
    else
        cp -a "$source/." "$dest.new/src/"
    fi
    flags=()
    grep -q avx2 /proc/cpuinfo 2>/dev/null && flags+=(-DUSE_AVX2=ON)
    grep -q bmi2 /proc/cpuinfo 2>/dev/null && flags+=(-DUSE_BMI2=ON)
    say "Building Rapfi ${commit:0:12} (${flags[*]:-no AVX2}); about 6 minutes on 2 cores"
    cmake -S "$dest.new/src/Rapfi" -B "$dest.new/build" -DCMAKE_BUILD_TYPE=Release \
        "${flags[@]}" >"$dest.new/cmake.log" 2>&1 || die "cmake failed: $dest.new/cmake.log"
    cmake --build "$dest.new/build" -j"$(nproc)" --target rapfi \
        >"$dest.new/build.log" 2>&1 || die "build failed: $dest.new/build.log"
    rm -rf "$dest" && mv "$dest.new" "$dest"
fi
ln -sfn "$dest/build/pbrain-rapfi" "$CACHE/bin/pbrain-rapfi.new"
mv -T "$CACHE/bin/pbrain-rapfi.new" "$CACHE/bin/pbrain-rapfi"
echo "$commit" >"$CACHE/bin/pbrain-rapfi.commit"
say "Rapfi $commit: $CACHE/bin/pbrain-rapfi"
echo "$CACHE/bin/pbrain-rapfi"
