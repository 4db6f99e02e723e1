#!/usr/bin/env bash
# One entry point for setting up, building, playing and testing Gomoku on a
# fresh Debian/Ubuntu machine.  It installs only what is missing (and says
# what it runs), so running it again is quick.
#
#   scripts/bootstrap.sh play   install what is missing, build, start the game
#   scripts/bootstrap.sh build  install what is missing, build the game (build/release)
#   scripts/bootstrap.sh test   install what is missing, build, run every test
#   scripts/bootstrap.sh deps   only install what is missing
#   scripts/bootstrap.sh package-deps   also what the packages need
#   scripts/bootstrap.sh package        build the Windows zip, the .deb and the
#                                       Linux tarball, and smoke-test them
#
# The test mode also builds and smoke-tests the packages (Wine, dpkg,
# xvfb-run); GOMOKU_SKIP_PACKAGES=1 leaves that out.
#
# CI=true (as in .ci/run) makes it strictly non-interactive.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MODE="${1:-play}"
JOBS="$(nproc 2>/dev/null || echo 2)"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# What the build and the tests need.  xvfb/xauth: the UI test also runs in a
# real X11 window; xvfb only recommends xauth but xvfb-run needs it.
PACKAGES=(build-essential cmake pkg-config ninja-build
          libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev
          libcmocka-dev xvfb xauth)
# What only the test mode needs: the formatting check runs the clang-format
# version the tree was formatted with (scripts/check-format.sh); a small
# window manager and xwininfo for the window-placement test
# (tools/window-place-check.sh).
# clang-14 and its runtime: the fuzz targets (libFuzzer, scripts/fuzz.sh).
# numpy: the evaluation network screens' self-tests (tools/evalfit/mlp.py, threatfit.py).
TEST_TOOLS=(clang-format-14 openbox x11-utils clang-14 libclang-rt-14-dev python3-numpy)
# What building and smoke-testing the packages needs on top: the mingw-w64
# cross compiler, Wine to run the Windows build, dpkg-dev and file for the
# .deb's dependencies, zip, ImageMagick to compare screenshots, python3 for
# the checks, nsis for the Windows installer.
PACKAGE_TOOLS=(gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 mingw-w64-x86-64-dev
               binutils-mingw-w64-x86-64 wine wine64 zip unzip dpkg-dev file
               imagemagick python3 nsis)

install_deps() { # packages... (default: PACKAGES)
    local want=("$@")
    [ "${#want[@]}" -gt 0 ] || want=("${PACKAGES[@]}")
    if ! command -v dpkg-query >/dev/null 2>&1; then
        say "Not a Debian/Ubuntu system: install ${want[*]} (or your system's equivalents) yourself; see README.md."
        return 0
    fi
    local missing=()
    for p in "${want[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
    if [ "${#missing[@]}" -eq 0 ]; then
        say "All build and test packages are installed."
        return 0
    fi
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || die "need root or sudo to install: ${missing[*]}"
        sudo=(sudo)
    fi
    say "Installing missing packages: ${missing[*]}"
    say "Running: ${sudo[*]} apt-get update && ${sudo[*]} apt-get install -y --no-install-recommends ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}

configure() { # dir, extra cmake args...
    local dir="$1"; shift
    local gen=()
    command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        say "Configuring $dir"
        cmake -S "$ROOT" -B "$dir" "${gen[@]}" "$@"
    else
        cmake -S "$ROOT" -B "$dir" "$@" >/dev/null
    fi
}

configure_build() { # dir, extra cmake args...
    configure "$@"
    say "Building $1"
    cmake --build "$1" -j "$JOBS"
}

# The programs of the tests labelled LABEL in a configured tree (their
# commands' file names are their targets' names; before the first build
# ctest names them as not found).
label_targets() { # dir, label
    ctest --test-dir "$1" -N -V -L "$2" |
        sed -n -e 's/^[0-9]*: Test command: \([^ ]*\).*/\1/p' \
            -e 's/^Could not find executable \([^ ]*\)$/\1/p' | xargs -r -n1 basename | sort -u
}

# ThreadSanitizer runs only the threaded tests (label threads): build just
# their programs, not the whole tree again.
build_tsan() {
    local dir="$ROOT/build/tsan" targets
    configure "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGOMOKU_WERROR=ON -DGOMOKU_TSAN=ON
    mapfile -t targets < <(label_targets "$dir" threads)
    [ "${#targets[@]}" -gt 0 ] || die "no tests labelled threads in $dir"
    say "Building $dir: ${targets[*]}"
    cmake --build "$dir" -j "$JOBS" --target "${targets[@]}"
}

build_release() {
    configure_build "$ROOT/build/release" -DCMAKE_BUILD_TYPE=Release -DGOMOKU_BUILD_TESTS=OFF
}

# The game opens a window: on Linux that needs an X11 or Wayland session
# (SDL_VIDEODRIVER set by hand is taken as meant, e.g. kmsdrm on a console).
check_display() {
    [ "$(uname)" = Linux ] || return 0
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${SDL_VIDEODRIVER:-}" ]; then
        printf 'error: no display: DISPLAY and WAYLAND_DISPLAY are not set, so the game would open its window where nobody can see it.\n' >&2
        printf '       Run ./play.sh from a terminal of your desktop session (or over ssh -X),\n' >&2
        printf '       or only build the game: scripts/bootstrap.sh build\n' >&2
        exit 1
    fi
}

# Seconds each stage took, printed as a table at the end (HACKING.md keeps
# the figures of a fresh CI run, so the slow stages stay in sight).
STAGES=()
stage() { # name, command...
    local name="$1" t0=$SECONDS
    shift
    "$@"
    STAGES+=("$(printf '%-40s %5d' "$name" $((SECONDS - t0)))")
}
stage_table() {
    say "Stages (seconds)"
    printf '  %s\n' "${STAGES[@]}"
}

release_tests() {
    say "Tests (release build, warnings as errors; the layering, format and prefix checks)"
    ctest --test-dir "$ROOT/build/ci" --output-on-failure -j "$JOBS"
}

xvfb_test() {
    say "The UI test again in a real X11 window under Xvfb (software renderer)"
    # -noreset: by default the X server resets when its last client leaves, and
    # a window opened during that reset is refused ("x11 not available").
    xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" env GOMOKU_TEST_VIDEODRIVER=x11 \
        ctest --test-dir "$ROOT/build/ci" --output-on-failure -R '^test_ui$'
}

asan_tests() {
    say "Tests under AddressSanitizer + UndefinedBehaviorSanitizer"
    ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1" \
    LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan.supp:print_suppressions=0" \
    UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
        ctest --test-dir "$ROOT/build/asan" --output-on-failure -j "$JOBS"
}

tsan_tests() {
    say "Threaded tests under ThreadSanitizer"
    TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1" \
        ctest --test-dir "$ROOT/build/tsan" --output-on-failure -L threads -j "$JOBS"
}

run_tests() {
    local start=$SECONDS
    # The layering, format and symbol-prefix checks are CTests of the
    # release build (tests/CMakeLists.txt).
    stage "build: release (RelWithDebInfo, -O3 -g)" \
        configure_build "$ROOT/build/ci" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGOMOKU_WERROR=ON
    stage "tests: release" release_tests
    stage "tests: test_ui under Xvfb" xvfb_test

    # Optimised, as the sanitizer bots of large projects run them: at -O0
    # the tests' searches ran three times slower, and -O2 is half again
    # faster than -O1.  Asserts stay on (Debug: no NDEBUG).
    stage "build: ASan + UBSan (-O2)" \
        configure_build "$ROOT/build/asan" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-g -O2" \
        -DGOMOKU_WERROR=ON -DGOMOKU_SANITIZE=ON
    stage "tests: ASan + UBSan" asan_tests

    stage "build: TSan (the threaded tests' programs)" build_tsan
    stage "tests: TSan (label threads)" tsan_tests

    # Five targets at once sharing the two cores, about 40 s of a core each:
    # 100 s (three rounds of two at a time took 120, one core idle in the last).
    say "Fuzzing every target for about ${GOMOKU_FUZZ_SECONDS:-40} s of a core each (libFuzzer, ASan + UBSan)"
    stage "fuzz: build and run" "$ROOT/scripts/fuzz.sh" --seconds "${GOMOKU_FUZZ_SECONDS:-40}"

    say "All tests passed in $((SECONDS - start)) s"
}

# The packages' static libraries (scripts/build-deps.sh) take minutes to
# build where none are cached (a fresh machine).  In test mode they build
# from the start in the background, at the lowest priority, on the time
# the tests leave a core idle; the packages stage waits for them.  Their own
# session, so that a failing test's exit takes them down too.
# The Windows libraries wait for DEPS_TOOLS_READY: mingw-w64 is installed
# after the Linux ones have started.
DEPS_PID=""
DEPS_LOG="$ROOT/build/deps-background.log"
DEPS_TOOLS_READY="$ROOT/build/.package-tools-installed"
start_deps() {
    mkdir -p "$ROOT/build"
    rm -f "$DEPS_TOOLS_READY"
    say "Building the packages' libraries in the background (log: $DEPS_LOG)"
    local idle="nice -n 19"
    chrt --idle 0 true 2>/dev/null && idle="chrt --idle 0"
    setsid $idle bash -c '"$1" native && { until [ -e "$2" ]; do sleep 1; done; } && "$1" mingw64' \
        _ "$ROOT/scripts/build-deps.sh" "$DEPS_TOOLS_READY" >"$DEPS_LOG" 2>&1 </dev/null &
    DEPS_PID=$!
    trap 'stop_deps' EXIT
}
stop_deps() {
    [ -n "$DEPS_PID" ] && kill -- "-$DEPS_PID" 2>/dev/null
    return 0
}
wait_deps() {
    [ -n "$DEPS_PID" ] || return 0
    local pid="$DEPS_PID"
    DEPS_PID=""
    if ! wait "$pid"; then
        cat "$DEPS_LOG" >&2
        die "building the packages' libraries failed (its log is above)"
    fi
}

# Runs a package script with its output kept in build/LOG.log, shown once
# it has finished (the two run side by side).
package_job() { # log name, script
    "$ROOT/scripts/$2" >"$ROOT/build/$1.log" 2>&1
}

# Build every package this machine can make and prove each starts and plays.
run_packages() {
    local start=$SECONDS status=0
    wait_deps
    # Old versions' packages would only confuse the checks.
    rm -rf "$ROOT/build/packages"
    mkdir -p "$ROOT/build"
    # Side by side: each is half serial (configure steps, linking, cpack).
    say "Windows package (mingw-w64 cross-build) and Linux packages (.deb, portable tarball)"
    package_job package-windows build-windows.sh &
    local wpid=$!
    package_job package-linux build-linux.sh &
    local lpid=$!
    wait "$wpid" || status=1
    cat "$ROOT/build/package-windows.log"
    wait "$lpid" || status=1
    cat "$ROOT/build/package-linux.log"
    [ "$status" -eq 0 ] || die "building a package failed (its log is above)"
    say "Smoke-testing the packages"
    "$ROOT/scripts/smoke-packages.sh"
    say "Packages built and smoke-tested in $((SECONDS - start)) s"
}

case "$MODE" in
    deps) install_deps ;;
    package-deps) install_deps "${PACKAGES[@]}" "${PACKAGE_TOOLS[@]}" ;;
    package)
        install_deps "${PACKAGES[@]}" "${PACKAGE_TOOLS[@]}"
        run_packages
        ;;
    build)
        install_deps
        build_release
        say "Built $ROOT/build/release/gomoku"
        ;;
    play)
        # Before installing or building anything: without a display the game
        # would open its window where nobody sees it, and seem to hang.
        check_display
        install_deps
        build_release
        say "Starting $ROOT/build/release/gomoku"
        exec "$ROOT/build/release/gomoku"
        ;;
    test)
        if [ "${GOMOKU_SKIP_PACKAGES:-0}" = 1 ]; then
            stage "install missing packages" install_deps "${PACKAGES[@]}" "${TEST_TOOLS[@]}"
            run_tests
        else
            # The Linux libraries need only the build packages: they start
            # building while the rest (clang, mingw-w64, Wine) downloads and
            # unpacks, which leaves the cores idle on a fresh machine.
            stage "install missing packages" install_deps "${PACKAGES[@]}"
            start_deps
            stage "install missing packages (tests, packages)" \
                install_deps "${TEST_TOOLS[@]}" "${PACKAGE_TOOLS[@]}"
            touch "$DEPS_TOOLS_READY"
            run_tests
            # The .deb is packed from the release tree the tests ran in.
            GOMOKU_DEB_TREE="$ROOT/build/ci" stage "packages: build and smoke-test" run_packages
        fi
        stage_table
        ;;
    *) die "usage: $0 play|build|test|deps|package|package-deps" ;;
esac
