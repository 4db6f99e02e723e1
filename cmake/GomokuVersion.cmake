# One version for everything: the project version, plus where the git
# checkout stands when it is not exactly at the tag v<project version>.
#   GOMOKU_VERSION_FULL   e.g. 0.1.0 at the tag, else 0.1.0+12.gabc1234
# It is written to ${CMAKE_BINARY_DIR}/generated/gomoku_version.h (macro
# GOMOKU_VERSION) and used for --version, the menu, the brain's ABOUT and
# the package file names.  "+N.gHASH" sorts after the release for dpkg and
# is safe in file names.
set(GOMOKU_VERSION_FULL ${PROJECT_VERSION})
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS ${PROJECT_SOURCE_DIR}/.git)
  execute_process(COMMAND ${GIT_EXECUTABLE} describe --tags --exact-match --match v${PROJECT_VERSION}
                  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                  RESULT_VARIABLE _at_tag OUTPUT_QUIET ERROR_QUIET)
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short=7 HEAD
                  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                  RESULT_VARIABLE _rc OUTPUT_VARIABLE _hash
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-list --count HEAD
                  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                  OUTPUT_VARIABLE _count OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT _at_tag EQUAL 0 AND _rc EQUAL 0 AND _hash)
    set(GOMOKU_VERSION_FULL "${PROJECT_VERSION}+${_count}.g${_hash}")
  endif()
  # A new commit or checkout moves .git/logs/HEAD: configure again then.
  if(EXISTS ${PROJECT_SOURCE_DIR}/.git/logs/HEAD)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
                 ${PROJECT_SOURCE_DIR}/.git/logs/HEAD)
  endif()
endif()
# A source tarball without .git may say its version from outside.
if(DEFINED GOMOKU_VERSION_OVERRIDE AND NOT GOMOKU_VERSION_OVERRIDE STREQUAL "")
  set(GOMOKU_VERSION_FULL ${GOMOKU_VERSION_OVERRIDE})
endif()
message(STATUS "Gomoku version: ${GOMOKU_VERSION_FULL}")

set(GOMOKU_GENERATED_DIR ${CMAKE_BINARY_DIR}/generated)
configure_file(${CMAKE_CURRENT_LIST_DIR}/gomoku_version.h.in
               ${GOMOKU_GENERATED_DIR}/gomoku_version.h @ONLY)
add_library(gomoku_version INTERFACE)
target_include_directories(gomoku_version INTERFACE ${GOMOKU_GENERATED_DIR})
