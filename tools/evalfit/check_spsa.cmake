# Smoke test of tools/evalfit/spsa.py over gomoku-match: three iterations of
# one opening pair at a tiny node budget write a header and three rows, the
# last with 6 games and the tuned knob's value, and the answer line names
# the knob; --resume then goes on from the log's last row.
set(LOG ${WORK}/spsa-smoke.log)
file(REMOVE ${LOG})
set(ARGS ${SPSA} --match ${MATCH} --openings ${OPENINGS} --nodes 300 --threads 1
         --pairs 1 --log ${LOG})
execute_process(COMMAND ${PYTHON} ${ARGS} --iterations 3 28:0:30
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^28=-?[0-9]+\n$")
  message(FATAL_ERROR "spsa.py failed (${rc}):\n${out}${err}")
endif()
file(STRINGS ${LOG} lines)
list(LENGTH lines n)
list(GET lines -1 last)
if(NOT n EQUAL 4 OR NOT last MATCHES "^3 6 [0-9.]+ -?[0-9.]+$")
  message(FATAL_ERROR "spsa.py's log is wrong (${n} lines):\n${lines}")
endif()
execute_process(COMMAND ${PYTHON} ${ARGS} --iterations 4 --resume 28:0:30
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
file(STRINGS ${LOG} lines)
list(LENGTH lines n)
list(GET lines -1 last)
if(NOT rc EQUAL 0 OR NOT n EQUAL 5 OR NOT last MATCHES "^4 8 ")
  message(FATAL_ERROR "spsa.py --resume did not go on from the log (${rc}):\n${lines}\n${err}")
endif()
# Against an opponent: each iteration plays both sides against it on the
# same opening, so two iterations of one opening pair are 8 games.
set(OLOG ${WORK}/spsa-smoke-opp.log)
file(REMOVE ${OLOG})
execute_process(COMMAND ${PYTHON} ${SPSA} --match ${MATCH} --openings ${OPENINGS} --nodes 300
                        --threads 2 --pairs 1 --log ${OLOG} --iterations 2
                        --opponent nodes:200 --match-args "--seed 5" 28:0:30
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
file(STRINGS ${OLOG} lines)
list(LENGTH lines n)
list(GET lines 0 head)
list(GET lines -1 last)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^28=-?[0-9]+\n$" OR NOT n EQUAL 3
   OR NOT head MATCHES "opponent nodes:200" OR NOT last MATCHES "^2 8 [0-9.]+ -?[0-9.]+$")
  message(FATAL_ERROR "spsa.py --opponent failed (${rc}):\n${out}${err}\n${lines}")
endif()
