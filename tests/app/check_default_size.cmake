# The window size `gomoku --help` names is the size the game opens at with
# no settings (a fresh data folder).  Run by CTest:
#   cmake -DGAME=path/to/gomoku -DDATA=scratch-folder -P check_default_size.cmake
execute_process(COMMAND ${GAME} --help
                OUTPUT_VARIABLE help RESULT_VARIABLE rc TIMEOUT 60)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gomoku --help failed (${rc})")
endif()
if(NOT help MATCHES "--size WxH[^\n]*default ([0-9]+)x([0-9]+)")
  message(FATAL_ERROR "gomoku --help names no default size:\n${help}")
endif()
set(help_size "${CMAKE_MATCH_1}x${CMAKE_MATCH_2}")

file(REMOVE_RECURSE "${DATA}")
file(MAKE_DIRECTORY "${DATA}")
execute_process(COMMAND ${CMAKE_COMMAND} -E env GOMOKU_DATA_DIR=${DATA} SDL_VIDEODRIVER=dummy
                        SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy
                        ${GAME} --quit-after-frames 3
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gomoku --quit-after-frames failed (${rc}):\n${out}${err}")
endif()
if(NOT out MATCHES "in a ([0-9]+)x([0-9]+) window")
  message(FATAL_ERROR "gomoku did not say its window's size:\n${out}")
endif()
set(opened "${CMAKE_MATCH_1}x${CMAKE_MATCH_2}")
if(NOT opened STREQUAL help_size)
  message(FATAL_ERROR "--help says the window is ${help_size} but it opened at ${opened}")
endif()
message(STATUS "--help and the first start agree: ${opened}")
