#!/usr/bin/env bash
# Fetch other public gomoku engines from Debian and build each one, around
# its own unmodified AI code, into a Gomocup brain (pbrain-*) that
# gomoku-match can play:
#
#   tools/opponents/fetch-and-build.sh [--install-deps] [ENGINE...]
#   tools/match/gomoku-match ... pbrain:$HOME/.cache/gomoku-opponents/bin/pbrain-gomokuapp
#
# ENGINE is any of (default: all)
#   gomokuapp  GNUstep Gomoku.app 1.2.9, Board.m's AI (GPL-2+), levels 0-5:
#              bin/pbrain-gomokuapp (level 5), bin/pbrain-gomokuapp-l0 ... -l5
#   gridlock   Gridlock.app 1.10's GomokuAI (MIT): bin/pbrain-gridlock-easy
#              (depth 1) and bin/pbrain-gridlock-hard (depth 2, can take
#              several seconds a move: give it a long --time-per-move)
#   emacs      GNU Emacs's M-x gomoku (play/gomoku.el, GPL-3+), run by the
#              installed Emacs: bin/pbrain-emacs-gomoku
#
# Everything goes to ${GOMOKU_OPPONENTS_DIR:-~/.cache/gomoku-opponents}:
# one folder per engine and upstream version (gomokuapp-1.2.9/, ...) with
# the fetched source tarball, its unpacked tree (src/), the objects (obj/)
# and the brains (bin/), and a top bin/ with links to the current brains.
# A tarball that is already there is not fetched again; the adapters
# (tools/opponents/*) are rebuilt on every run since they take seconds.
# Rebuilding while a match runs is safe: brains are replaced by renames.
#
# Sources come from Debian's archive through a private APT configuration in
# a temporary folder (deb-src lines added there, never in /etc, as in
# scripts/fetch-sources.sh); only the upstream .orig tarball is fetched,
# checked against the SHA-256 in the signed Sources index.  The engines'
# code is never copied into this repository and the brains are never
# linked into gomoku: each is a separate program built outside the tree,
# under its authors' licence.  See docs/opponents.md for the results.
#
# Needs (Debian package names): gcc gobjc gnustep-make libgnustep-base-dev
# libgnustep-gui-dev for gomokuapp and gridlock; emacs-nox (or any emacs)
# for emacs.  --install-deps installs the missing ones with apt-get.
# Not part of the CMake build or CI.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="${GOMOKU_OPPONENTS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gomoku-opponents}"
say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

install_deps=0
engines=()
for a in "$@"; do
    case "$a" in
    --install-deps) install_deps=1 ;;
    -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    gomokuapp|gridlock|emacs) engines+=("$a") ;;
    *) die "unknown argument $a (engines: gomokuapp gridlock emacs)" ;;
    esac
done
[ "${#engines[@]}" -gt 0 ] || engines=(gomokuapp gridlock emacs)

# ---- build dependencies ---------------------------------------------------
need_pkgs=()
need() { # need COMMAND-OR-FILE PACKAGE
    if [[ "$1" == /* ]]; then [ -e "$1" ] || need_pkgs+=("$2")
    else command -v "$1" >/dev/null 2>&1 || need_pkgs+=("$2"); fi
}
for e in "${engines[@]}"; do
    case "$e" in
    gomokuapp|gridlock)
        need gcc gcc
        need gnustep-config gnustep-make
        need /usr/include/GNUstep/Foundation/Foundation.h libgnustep-base-dev
        need /usr/include/GNUstep/AppKit/AppKit.h libgnustep-gui-dev
        # gobjc: the Objective-C front end of the default gcc.
        echo 'int main(void){return 0;}' | gcc -x objective-c -fsyntax-only - 2>/dev/null ||
            need_pkgs+=(gobjc)
        ;;
    emacs) need emacs emacs-nox ;;
    esac
done
if [ "${#need_pkgs[@]}" -gt 0 ]; then
    mapfile -t need_pkgs < <(printf '%s\n' "${need_pkgs[@]}" | sort -u)
    if [ "$install_deps" -eq 1 ]; then
        say "Installing ${need_pkgs[*]}"
        apt-get install -y --no-install-recommends "${need_pkgs[@]}" >&2
    else
        die "missing packages: ${need_pkgs[*]} (apt-get install them, or rerun with --install-deps)"
    fi
fi

mkdir -p "$CACHE/bin"

# ---- fetching Debian source tarballs ---------------------------------------
apt_tmp=""
cleanup() { [ -z "$apt_tmp" ] || rm -rf "$apt_tmp"; }
trap cleanup EXIT
apt_setup() {
    [ -z "$apt_tmp" ] || return 0
    apt_tmp="$(mktemp -d "${TMPDIR:-/tmp}/gomoku-opp-apt.XXXXXX")"
    mkdir -p "$apt_tmp/sources.list.d" "$apt_tmp/lists/partial" \
        "$apt_tmp/cache/archives/partial" "$apt_tmp/prefs.d"
    local found=0 f
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        sed -e 's/^Types:.*/Types: deb-src/' "$f" >"$apt_tmp/sources.list.d/$(basename "$f")"
        found=1
    done
    if [ "$found" -eq 0 ] && [ -f /etc/apt/sources.list ]; then
        sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >"$apt_tmp/sources.list.d/system.list"
    fi
    cat >"$apt_tmp/apt.conf" <<CONF
Dir::Etc::SourceList "/dev/null";
Dir::Etc::SourceParts "$apt_tmp/sources.list.d";
Dir::Etc::PreferencesParts "$apt_tmp/prefs.d";
Dir::State::Lists "$apt_tmp/lists";
Dir::Cache "$apt_tmp/cache";
Dir::State::status "/var/lib/dpkg/status";
APT::Sandbox::User "root";
CONF
    export APT_CONFIG="$apt_tmp/apt.conf"
    say "Reading Debian's source index"
    apt-get update -qq >&2
}

# Prints "VERSION TARBALL-PATH" for Debian source package $1's upstream
# tarball, fetching it into $CACHE/$2-VERSION/ unless it is already there.
# (The Debian-revision files, .debian.tar.*, are not needed: we build the
# upstream code with our own adapter, not Debian's packaging.)
fetch_orig() {
    local pkg="$1" key="$2" line uri file hash version dir
    # Version known from an earlier run?  Then no network at all.
    for dir in "$CACHE/$key"-*/; do
        [ -d "$dir" ] || continue
        for file in "$dir"*.orig.tar.*; do
            [ -f "$file" ] || continue
            [[ "$file" == *.asc ]] && continue
            if [ "${GOMOKU_OPPONENTS_REFRESH:-0}" != 1 ]; then
                version="${dir%/}"; version="${version##*/"$key"-}"
                echo "$version $file"
                return 0
            fi
        done
    done
    apt_setup
    line="$(apt-get source --print-uris -qq "$pkg" | grep -E "\.orig\.tar\.[a-z0-9]+' " | head -n1)" ||
        true
    [ -n "$line" ] || die "no source package $pkg in the configured Debian archive"
    read -r uri file _ hash <<<"$line"
    uri="${uri//\'/}"
    version="${file#*_}"; version="${version%.orig.tar.*}"
    dir="$CACHE/$key-$version"
    mkdir -p "$dir"
    if [ ! -f "$dir/$file" ]; then
        say "Fetching $file"
        /usr/lib/apt/apt-helper download-file "$uri" "$dir/$file.part" "$hash" >&2 ||
            die "could not fetch $uri"
        mv "$dir/$file.part" "$dir/$file"
    fi
    echo "$version $dir/$file"
}

unpack() { # unpack TARBALL DIR: the tarball's single top folder becomes DIR/src
    local tarball="$1" dir="$2"
    if [ ! -d "$dir/src" ]; then
        rm -rf "$dir/src.tmp"; mkdir -p "$dir/src.tmp"
        tar -xf "$tarball" -C "$dir/src.tmp" --strip-components=1
        mv "$dir/src.tmp" "$dir/src"
    fi
}

# GNUstep's compile flags (less dependency-file generation) and link flags.
objc_flags() {
    read -ra OBJC_FLAGS <<<"$(gnustep-config --objc-flags | sed -e 's/-MMD//; s/-MP//')"
    read -ra GUI_LIBS <<<"$(gnustep-config --gui-libs)"
}

# Runs a compiler command with its output in build.log: GNUstep's headers
# and the old upstream code are noisy.  On failure, shows the end of the log.
cc() {
    if ! "$@" >>build.log 2>&1; then
        tail -n 30 build.log >&2
        die "build failed: $*"
    fi
}

# A match may be running a brain while this script rebuilds it: every file
# and link a match can start is replaced by a rename, never rewritten in
# place, so a game sees the old brain or the new one, never none.
put_file() { cp "$1" "$2.tmp.$$" && mv -f "$2.tmp.$$" "$2"; }
put_link() { ln -sfn "$1" "$2.tmp.$$" && mv -Tf "$2.tmp.$$" "$2"; }
link_bin() { put_link "$1" "$CACHE/bin/$2"; echo "$CACHE/bin/$2"; }

# ---- engines ---------------------------------------------------------------
build_gomokuapp() {
    local v t dir
    read -r v t < <(fetch_orig gomoku.app gomokuapp)
    if [ -z "${v:-}" ] || [ ! -f "${t:-}" ]; then die "could not fetch gomoku.app"; fi
    dir="$CACHE/gomokuapp-$v"
    unpack "$t" "$dir"
    say "Building pbrain-gomokuapp (Gomoku.app $v)"
    objc_flags
    rm -rf "$dir/obj"; mkdir -p "$dir/obj" "$dir/bin"
    (
        cd "$dir/obj"
        cc gcc "${OBJC_FLAGS[@]}" -w -I"$dir/src" -c "$dir/src/Board.m" -o Board.o
        cc gcc "${OBJC_FLAGS[@]}" -std=gnu11 -DGOMOKUAPP_VERSION="\"$v\"" \
            -I"$dir/src" -I"$HERE/common" -c "$HERE/gomokuapp/pbrain_gomokuapp.m" -o main.o
        cc gcc -O2 -std=c11 -Wall -Wextra -c "$HERE/common/pbrain_loop.c" -o pbrain_loop.o
        cc gcc -o pbrain-gomokuapp main.o Board.o pbrain_loop.o "${GUI_LIBS[@]}"
    )
    put_file "$dir/obj/pbrain-gomokuapp" "$dir/bin/pbrain-gomokuapp"
    link_bin "$dir/bin/pbrain-gomokuapp" pbrain-gomokuapp
    local l
    for l in 0 1 2 3 4 5; do
        put_link pbrain-gomokuapp "$dir/bin/pbrain-gomokuapp-l$l"
        link_bin "$dir/bin/pbrain-gomokuapp-l$l" "pbrain-gomokuapp-l$l"
    done
}

build_gridlock() {
    local v t dir f
    read -r v t < <(fetch_orig gridlock.app gridlock)
    if [ -z "${v:-}" ] || [ ! -f "${t:-}" ]; then die "could not fetch gridlock.app"; fi
    dir="$CACHE/gridlock-$v"
    unpack "$t" "$dir"
    say "Building pbrain-gridlock (Gridlock.app $v)"
    objc_flags
    rm -rf "$dir/obj"; mkdir -p "$dir/obj" "$dir/bin"
    (
        cd "$dir/obj"
        # The Gomoku game and AI classes and what they stand on; none of
        # Gridlock's windows or other games.
        for f in GomokuAI GomokuGame AbstractLineGame Game GenericAI DCHypergrid \
            DCHypergridPosition DCHypergridPositionEnumerator CocoaAdditions; do
            cc gcc "${OBJC_FLAGS[@]}" -w -I"$dir/src" -c "$dir/src/$f.m" -o "$f.o"
        done
        cc gcc -O2 -w -c "$dir/src/hypergrid.c" -o hypergrid.o
        cc gcc "${OBJC_FLAGS[@]}" -std=gnu11 -DGRIDLOCK_VERSION="\"$v\"" \
            -I"$dir/src" -I"$HERE/common" -c "$HERE/gridlock/pbrain_gridlock.m" -o main.o
        cc gcc -O2 -std=c11 -Wall -Wextra -c "$HERE/common/pbrain_loop.c" -o pbrain_loop.o
        cc gcc -o pbrain-gridlock ./*.o "${GUI_LIBS[@]}"
    )
    put_file "$dir/obj/pbrain-gridlock" "$dir/bin/pbrain-gridlock"
    put_link pbrain-gridlock "$dir/bin/pbrain-gridlock-easy"
    put_link pbrain-gridlock "$dir/bin/pbrain-gridlock-hard"
    link_bin "$dir/bin/pbrain-gridlock-easy" pbrain-gridlock-easy
    link_bin "$dir/bin/pbrain-gridlock-hard" pbrain-gridlock-hard
}

build_emacs() {
    local v el dir emacs
    emacs="$(command -v emacs)"
    v="$("$emacs" -Q --batch --eval '(princ emacs-version)')"
    el="$("$emacs" -Q --batch --eval "(princ (or (locate-library \"gomoku\") \"\"))")"
    [ -n "$el" ] || die "this Emacs has no gomoku library"
    dir="$CACHE/emacs-gomoku-$v"
    mkdir -p "$dir"
    say "Installing pbrain-emacs-gomoku (Emacs $v, $el)"
    # The brain runs this Emacs by absolute path, so a later PATH change
    # cannot swap the engine under a finished table.
    {
        printf '#!/bin/sh\n# Generated by tools/opponents/fetch-and-build.sh\n'
        printf 'exec %s -Q --script %s "$@"\n' "$emacs" "$dir/pbrain-emacs-gomoku.el"
    } >"$dir/pbrain-emacs-gomoku.new"
    chmod +x "$dir/pbrain-emacs-gomoku.new"
    put_file "$HERE/emacs/pbrain-emacs-gomoku.el" "$dir/pbrain-emacs-gomoku.el"
    put_file "$dir/pbrain-emacs-gomoku.new" "$dir/pbrain-emacs-gomoku"
    rm -f "$dir/pbrain-emacs-gomoku.new"
    link_bin "$dir/pbrain-emacs-gomoku" pbrain-emacs-gomoku
}

# A brain that cannot answer START and BEGIN with a move is no use.
smoke() {
    local b="$1" out
    out="$(printf 'START 15\nBEGIN\nEND\n' | timeout 20 "$b" 2>/dev/null | tr -d '\r')" || true
    if printf '%s\n' "$out" | grep -qE '^[0-9]+,[0-9]+$'; then
        say "ok: $b"
    else
        die "$b did not answer BEGIN with a move (got: $out)"
    fi
}

list="$(mktemp "${TMPDIR:-/tmp}/gomoku-opp-list.XXXXXX")"
for e in "${engines[@]}"; do
    "build_$e" >"$list"
    while read -r b; do smoke "$b"; done <"$list"
done
rm -f "$list"
say "Brains are in $CACHE/bin:"
ls -1 "$CACHE/bin" >&2
