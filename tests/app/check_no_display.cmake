# Started with no display (DISPLAY, WAYLAND_DISPLAY and SDL_VIDEODRIVER
# unset), the game says so and exits non-zero at once, rather than running
# in SDL's offscreen driver where nobody sees it (it seemed to hang).
#   cmake -DGAME=path/to/gomoku -DDATA=scratch-folder -P check_no_display.cmake
# With -DSCRIPT=path/to/bootstrap.sh it checks `bootstrap.sh play` instead,
# which must stop before installing or building anything.
file(REMOVE_RECURSE "${DATA}")
file(MAKE_DIRECTORY "${DATA}")
if(SCRIPT)
  set(cmd bash ${SCRIPT} play)
else()
  set(cmd ${GAME})
endif()
string(TIMESTAMP t0 "%s")
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY
                        --unset=SDL_VIDEODRIVER GOMOKU_DATA_DIR=${DATA} SDL_AUDIODRIVER=dummy
                        ${cmd}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 30)
string(TIMESTAMP t1 "%s")
math(EXPR took "${t1} - ${t0}")
if(rc MATCHES "timeout")
  message(FATAL_ERROR "'${cmd}' with no display still ran after 30 s (it should stop at once)")
endif()
if(rc EQUAL 0)
  message(FATAL_ERROR "'${cmd}' with no display exited 0:\n${out}${err}")
endif()
if(NOT err MATCHES "no display: ")
  message(FATAL_ERROR "'${cmd}' with no display did not say why:\n${out}${err}")
endif()
message(STATUS "exit ${rc} after ${took} s: ${err}")
