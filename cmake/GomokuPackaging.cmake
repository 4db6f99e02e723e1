# Install rules and CPack for every platform, from one place.
#
# Three layouts:
#   Linux (default)      /usr/bin/gomoku, /usr/share/gomoku/assets, a .desktop
#                        entry and hicolor icons: cpack -G DEB
#   GOMOKU_PORTABLE=ON   everything in one folder (gomoku[.exe], assets/,
#                        README, licences): cpack -G ZIP (Windows) / TGZ (Linux)
#   APPLE                Gomoku.app with its SDL dylibs: cpack -G DragNDrop
# The game finds its assets at SDL_GetBasePath()/assets, else
# <base>/../share/gomoku/assets, and SDL's base path is Contents/Resources in
# a bundle, which is where the bundle keeps them.
include(GNUInstallDirs)

set(GOMOKU_PKG_DIR ${PROJECT_SOURCE_DIR}/packaging)
set(GOMOKU_ICON_SIZES 16 24 32 48 64 128 256 512)
set(GOMOKU_BRAIN_TARGET)
if(TARGET pbrain-gomoku)
  set(GOMOKU_BRAIN_TARGET pbrain-gomoku)
endif()

# A short README for players, with this build's version in it.
if(WIN32)
  configure_file(${GOMOKU_PKG_DIR}/README-player.txt.in
                 ${CMAKE_BINARY_DIR}/packaging/README.txt @ONLY NEWLINE_STYLE CRLF)
  configure_file(${PROJECT_SOURCE_DIR}/LICENSE ${CMAKE_BINARY_DIR}/packaging/LICENSE.txt
                 COPYONLY)
else()
  configure_file(${GOMOKU_PKG_DIR}/README-player.txt.in
                 ${CMAKE_BINARY_DIR}/packaging/README.txt @ONLY)
endif()

if(GOMOKU_BUILD_APP)
  if(APPLE)
    install(TARGETS gomoku BUNDLE DESTINATION . COMPONENT game)
    if(GOMOKU_BRAIN_TARGET)
      install(TARGETS pbrain-gomoku RUNTIME DESTINATION . COMPONENT game)
    endif()
    install(FILES ${CMAKE_BINARY_DIR}/packaging/README.txt LICENSE DESTINATION . COMPONENT game)
    # Copy the SDL dylibs into Contents/Frameworks, point the load paths at
    # them, then sign the whole bundle ad hoc (changing a Mach-O voids its
    # signature, and Apple silicon refuses to run unsigned code).
    set(GOMOKU_BUNDLE_LIB_DIRS "")
    foreach(t SDL2::SDL2 SDL2_image::SDL2_image SDL2_ttf::SDL2_ttf)
      if(TARGET ${t})
        get_target_property(_type ${t} TYPE)
        set(_loc)
        if(_type MATCHES "SHARED_LIBRARY|UNKNOWN_LIBRARY")
          get_target_property(_loc ${t} LOCATION)
        endif()
        if(_loc)
          get_filename_component(_dir ${_loc} DIRECTORY)
          list(APPEND GOMOKU_BUNDLE_LIB_DIRS ${_dir})
        endif()
      endif()
    endforeach()
    list(REMOVE_DUPLICATES GOMOKU_BUNDLE_LIB_DIRS)
    configure_file(${PROJECT_SOURCE_DIR}/cmake/BundleFixup.cmake.in
                   ${CMAKE_BINARY_DIR}/packaging/BundleFixup.cmake @ONLY)
    install(SCRIPT ${CMAKE_BINARY_DIR}/packaging/BundleFixup.cmake COMPONENT game)
  elseif(GOMOKU_PORTABLE)
    install(TARGETS gomoku ${GOMOKU_BRAIN_TARGET} RUNTIME DESTINATION . COMPONENT game)
    install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/ DESTINATION assets COMPONENT game)
    if(WIN32)
      install(FILES ${CMAKE_BINARY_DIR}/packaging/README.txt
                    ${CMAKE_BINARY_DIR}/packaging/LICENSE.txt DESTINATION . COMPONENT game)
    else()
      install(FILES ${CMAKE_BINARY_DIR}/packaging/README.txt LICENSE DESTINATION . COMPONENT game)
      install(FILES ${GOMOKU_PKG_DIR}/linux/gomoku-portable.desktop DESTINATION .
              RENAME gomoku.desktop COMPONENT game
              PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                          WORLD_READ WORLD_EXECUTE)
      install(FILES ${GOMOKU_PKG_DIR}/icons/hicolor/256x256/apps/gomoku.png DESTINATION .
              COMPONENT game)
    endif()
    # The licences of the libraries linked into the executable.
    if(GOMOKU_DEPS_PREFIX AND EXISTS ${GOMOKU_DEPS_PREFIX}/licenses)
      install(DIRECTORY ${GOMOKU_DEPS_PREFIX}/licenses/ DESTINATION licenses COMPONENT game)
    endif()
  else()
    install(TARGETS gomoku ${GOMOKU_BRAIN_TARGET} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
            COMPONENT game)
    install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/
            DESTINATION ${CMAKE_INSTALL_DATADIR}/gomoku/assets COMPONENT game)
    install(FILES ${GOMOKU_PKG_DIR}/linux/gomoku.desktop
            DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT game)
    foreach(n IN LISTS GOMOKU_ICON_SIZES)
      install(FILES ${GOMOKU_PKG_DIR}/icons/hicolor/${n}x${n}/apps/gomoku.png
              DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${n}x${n}/apps COMPONENT game)
    endforeach()
    install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT game)
    install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright COMPONENT game)
  endif()
elseif(GOMOKU_BRAIN_TARGET)
  install(TARGETS pbrain-gomoku RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT game)
endif()

# ------------------------------------------------------------------ CPack
if(WIN32)
  set(GOMOKU_PKG_PLATFORM windows-x64)
elseif(APPLE)
  set(GOMOKU_PKG_PLATFORM macos)
else()
  set(GOMOKU_PKG_PLATFORM linux-${CMAKE_SYSTEM_PROCESSOR})
endif()

set(CPACK_PACKAGE_NAME gomoku)
set(CPACK_PACKAGE_VENDOR "Gomoku developers")
set(CPACK_PACKAGE_CONTACT "Gomoku developers <gomoku@example.org>")
set(CPACK_PACKAGE_VERSION ${GOMOKU_VERSION_FULL})
set(CPACK_PACKAGE_VERSION_MAJOR ${PROJECT_VERSION_MAJOR})
set(CPACK_PACKAGE_VERSION_MINOR ${PROJECT_VERSION_MINOR})
set(CPACK_PACKAGE_VERSION_PATCH ${PROJECT_VERSION_PATCH})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Five in a row against the computer or a friend")
set(CPACK_PACKAGE_DESCRIPTION
    "Gomoku (five in a row) on SDL2: boards 9x9 to 19x19, win length 1 to 6, freestyle, exact-k and renju rules, a strong computer opponent, and pbrain-gomoku, a Gomocup-protocol brain.")
set(CPACK_PACKAGE_FILE_NAME gomoku-${GOMOKU_VERSION_FULL}-${GOMOKU_PKG_PLATFORM})
set(CPACK_PACKAGE_INSTALL_DIRECTORY Gomoku)
set(CPACK_PACKAGE_EXECUTABLES gomoku Gomoku)
set(CPACK_STRIP_FILES ON)
set(CPACK_INCLUDE_TOPLEVEL_DIRECTORY ON)
set(CPACK_SOURCE_IGNORE_FILES /\\.git/ /build/)
set(CPACK_VERBATIM_VARIABLES ON)

# Debian: dependencies from dpkg-shlibdeps, installed under /usr.
if(NOT GOMOKU_PORTABLE AND NOT WIN32 AND NOT APPLE)
  set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION_SUMMARY}\n${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "hicolor-icon-theme")

# Windows installer (when makensis is there): Start menu shortcut, uninstaller.
set(CPACK_NSIS_DISPLAY_NAME Gomoku)
set(CPACK_NSIS_PACKAGE_NAME Gomoku)
set(CPACK_NSIS_MUI_ICON ${GOMOKU_PKG_DIR}/windows/gomoku.ico)
set(CPACK_NSIS_MUI_UNIICON ${GOMOKU_PKG_DIR}/windows/gomoku.ico)
set(CPACK_NSIS_INSTALLED_ICON_NAME gomoku.exe)
set(CPACK_NSIS_EXECUTABLES_DIRECTORY .)
set(CPACK_NSIS_MUI_FINISHPAGE_RUN gomoku.exe)
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_INSTALL_ROOT "$PROGRAMFILES64")

# macOS disk image: Gomoku.app beside a link to /Applications.
set(CPACK_DMG_VOLUME_NAME "Gomoku ${GOMOKU_VERSION_FULL}")
set(CPACK_DMG_FORMAT UDZO)

if(WIN32)
  set(CPACK_GENERATOR ZIP)
elseif(APPLE)
  set(CPACK_GENERATOR DragNDrop)
elseif(GOMOKU_PORTABLE)
  set(CPACK_GENERATOR TGZ)
else()
  set(CPACK_GENERATOR DEB)
endif()
include(CPack)

# ------------------------------------------------------------------ checks
# What can be checked of every platform's packaging on any machine.
if(GOMOKU_BUILD_TESTS)
  find_package(Python3 COMPONENTS Interpreter)
  if(Python3_FOUND)
    # The bundle's Info.plist, filled in as the macOS build fills it.
    set(MACOSX_BUNDLE_EXECUTABLE_NAME Gomoku)
    set(MACOSX_BUNDLE_ICON_FILE Gomoku.icns)
    set(MACOSX_BUNDLE_GUI_IDENTIFIER ${GOMOKU_BUNDLE_ID})
    set(MACOSX_BUNDLE_BUNDLE_NAME Gomoku)
    set(MACOSX_BUNDLE_SHORT_VERSION_STRING ${PROJECT_VERSION})
    set(MACOSX_BUNDLE_BUNDLE_VERSION ${GOMOKU_VERSION_FULL})
    set(MACOSX_BUNDLE_INFO_STRING "Gomoku ${GOMOKU_VERSION_FULL}")
    set(MACOSX_BUNDLE_COPYRIGHT "zlib licence")
    configure_file(${GOMOKU_PKG_DIR}/macos/Info.plist.in
                   ${CMAKE_BINARY_DIR}/packaging/Info.plist.check)
    add_test(NAME packaging_files
             COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/check-packaging.py
                     --source ${PROJECT_SOURCE_DIR}
                     --plist ${CMAKE_BINARY_DIR}/packaging/Info.plist.check
                     --version ${GOMOKU_VERSION_FULL} --short-version ${PROJECT_VERSION})
    if(GOMOKU_BUILD_APP AND GOMOKU_BRAIN_TARGET)
      add_test(NAME version_agrees
               COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/check-version.py
                       --version ${GOMOKU_VERSION_FULL}
                       --game $<TARGET_FILE:gomoku> --brain $<TARGET_FILE:pbrain-gomoku>
                       --cpack-config ${CMAKE_BINARY_DIR}/CPackConfig.cmake)
      set_tests_properties(version_agrees PROPERTIES TIMEOUT 60)
    endif()
  endif()
endif()

# The brain's protocol test compares ABOUT with the version it was compiled
# with: give it the same full version as the brain (tests/brain/CMakeLists.txt
# sets PROJECT_VERSION, which differs from a git build's version).
if(TARGET test_brain_proto)
  get_target_property(_defs test_brain_proto COMPILE_DEFINITIONS)
  if(_defs)
    list(FILTER _defs EXCLUDE REGEX "^GOMOKU_VERSION=")
  else()
    set(_defs)
  endif()
  list(APPEND _defs GOMOKU_VERSION="${GOMOKU_VERSION_FULL}")
  set_property(TARGET test_brain_proto PROPERTY COMPILE_DEFINITIONS ${_defs})
endif()
