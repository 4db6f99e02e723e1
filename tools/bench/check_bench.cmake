# check_bench.cmake - gomoku-bench at its default budget searches the same
# tree as when the signature below was taken: a change to the search that
# is not meant to change its behaviour must leave both numbers alone
# (docs/strength.md; Rapfi's CI pins its bench the same way).  A change
# that means to change the search updates them here, in the same commit.
#   cmake -DBENCH=path/to/gomoku-bench -P check_bench.cmake
set(want_nodes 536197)
set(want_signature 42b135ba80343bd6)
execute_process(COMMAND ${BENCH} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gomoku-bench failed (${rc}):\n${out}")
endif()
if(NOT out MATCHES "total nodes ${want_nodes} ")
  message(FATAL_ERROR "gomoku-bench searched another number of nodes than ${want_nodes}:\n${out}")
endif()
if(NOT out MATCHES "signature ${want_signature}")
  message(FATAL_ERROR "gomoku-bench's signature is not ${want_signature}:\n${out}")
endif()
message(STATUS "gomoku-bench: ${want_nodes} nodes, signature ${want_signature}")
