# Cross-compile for 64-bit Windows with Debian's mingw-w64 (packages
# gcc-mingw-w64-x86-64, g++-mingw-w64-x86-64).  The posix thread model:
# the engine uses pthreads (winpthreads, linked statically).
#
#   cmake -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake \
#         -DGOMOKU_DEPS_PREFIX=<static SDL2 prefix from scripts/build-deps.sh> ...
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(GOMOKU_MINGW_TRIPLE x86_64-w64-mingw32)
find_program(CMAKE_C_COMPILER NAMES ${GOMOKU_MINGW_TRIPLE}-gcc-posix ${GOMOKU_MINGW_TRIPLE}-gcc REQUIRED)
find_program(CMAKE_CXX_COMPILER NAMES ${GOMOKU_MINGW_TRIPLE}-g++-posix ${GOMOKU_MINGW_TRIPLE}-g++ REQUIRED)
find_program(CMAKE_RC_COMPILER NAMES ${GOMOKU_MINGW_TRIPLE}-windres REQUIRED)

# Libraries and packages only from the target's sysroot and our static
# dependencies; programs from the host.
set(CMAKE_TRY_COMPILE_PLATFORM_VARIABLES GOMOKU_DEPS_PREFIX)
set(CMAKE_FIND_ROOT_PATH /usr/${GOMOKU_MINGW_TRIPLE} ${GOMOKU_DEPS_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Under Wine, when asked to run a cross-built program (e.g. by a test).
find_program(GOMOKU_WINE NAMES wine)
if(GOMOKU_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${GOMOKU_WINE})
endif()
