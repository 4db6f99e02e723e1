# Fails when BINARY is linked against any SDL library (checked with LDD).
execute_process(COMMAND ${LDD} ${BINARY} OUTPUT_VARIABLE libs RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ldd ${BINARY} failed (${rc})")
endif()
if(libs MATCHES "[Ss][Dd][Ll]")
  message(FATAL_ERROR "${BINARY} links SDL:\n${libs}")
endif()
message(STATUS "no SDL in ${BINARY}")
