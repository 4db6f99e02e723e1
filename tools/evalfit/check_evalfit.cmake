# Smoke test of gomoku-evalfit: the sample's first game gives quiet rows of
# 3 + 2 * 8 + 6 + 2 * 14 fields with the result 1 for black's positions, and a bad
# move in the second game is reported and skipped, not fatal.  Of the two
# labelled positions (tools/rapfi/rapfi-label.py) after them, the first gives
# one row with its game number, ply and target, the garbled second is
# reported and skipped.
# Runs gomoku-evalfit on input; sets out, err, rc and rows (the output's
# lines), failing unless it wrote at least 10 rows.
macro(run_evalfit input)
  execute_process(COMMAND ${EVALFIT} ${ARGN} INPUT_FILE ${input} OUTPUT_VARIABLE out
                  ERROR_VARIABLE err RESULT_VARIABLE rc)
  string(REGEX MATCHALL "[^\n]+" rows "${out}")
  list(LENGTH rows n)
  if(n LESS 10)
    message(FATAL_ERROR "gomoku-evalfit wrote ${n} rows from ${input}, expected at least 10:\n${err}${out}")
  endif()
endmacro()

# Splits row into the list fields; fails unless it has want of them.
macro(split_row row want)
  string(REPLACE "," ";" fields "${row}")
  list(LENGTH fields nf)
  if(NOT nf EQUAL ${want})
    message(FATAL_ERROR "row with ${nf} fields, expected ${want}: ${row}")
  endif()
endmacro()

run_evalfit(${SAMPLE})
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gomoku-evalfit exited ${rc}: ${err}")
endif()
if(NOT err MATCHES "bad move z99" OR NOT err MATCHES "3 games" OR
   NOT err MATCHES "bad label line skipped: label bad")
  message(FATAL_ERROR "gomoku-evalfit's report is wrong: ${err}")
endif()
if(NOT out MATCHES "\n7,6,0.75,[^\n]*\n?$")
  message(FATAL_ERROR "no row for the labelled position (7, 6, 0.75) last:\n${out}")
endif()
foreach(row IN LISTS rows)
  split_row("${row}" 53)
  list(GET fields 1 ply)
  list(GET fields 2 result)
  math(EXPR black "${ply} % 2")
  if(row MATCHES "^1," AND ((black EQUAL 0 AND NOT result STREQUAL "1") OR
                            (black EQUAL 1 AND NOT result STREQUAL "0")))
    message(FATAL_ERROR "wrong result for the side to move: ${row}")
  endif()
endforeach()

# The ordering rows (rapfi-label.py --best): one row of 20 fields per
# candidate of the first position, its game 4 and target 0.3154, exactly
# one of them Rapfi's move g9; the garbled second line is reported and
# skipped.
run_evalfit(${SAMPLE_BEST})
if(NOT rc EQUAL 0 OR NOT err MATCHES "bad best line skipped: best zz")
  message(FATAL_ERROR "gomoku-evalfit on best lines: exit ${rc}, report ${err}")
endif()
set(best 0)
foreach(row IN LISTS rows)
  string(REPLACE "," ";" fields "${row}")
  list(LENGTH fields nf)
  if(NOT nf EQUAL 20 OR NOT row MATCHES "^0,4,[01],0.3154,")
    message(FATAL_ERROR "bad ordering row (${nf} fields): ${row}")
  endif()
  if(row MATCHES "^0,4,1,")
    math(EXPR best "${best} + 1")
  endif()
endforeach()
if(NOT best EQUAL 1)
  message(FATAL_ERROR "${best} rows marked as Rapfi's move, expected 1:\n${out}")
endif()

# --lines: each quiet row also has 14 line pattern counts per side and the
# engine's evaluation (82 fields).  Every empty point has four lines, so
# each side's counts add up to four times the empty points of the 15x15
# board (225 less the ply), and the first row (ply 4, the sample's open
# start) is scored for the side to move.
run_evalfit(${SAMPLE} --lines)
set(first 1)
foreach(row IN LISTS rows)
  split_row("${row}" 82)
  list(GET fields 1 ply)
  math(EXPR want "4 * (225 - ${ply})")
  foreach(side 0 1)
    set(sum 0)
    foreach(i RANGE 13)
      math(EXPR at "53 + ${side} * 14 + ${i}")
      list(GET fields ${at} n)
      math(EXPR sum "${sum} + ${n}")
    endforeach()
    if(NOT sum EQUAL want)
      message(FATAL_ERROR "side ${side}'s line counts add up to ${sum}, expected ${want}: ${row}")
    endif()
  endforeach()
  list(GET fields 81 eval)
  if(first AND eval EQUAL 0)
    message(FATAL_ERROR "the engine's evaluation of the first row is 0: ${row}")
  endif()
  set(first 0)
endforeach()

# --points: the --lines row and then, for every pair (the side to move's
# point class, the opponent's; AI_P_N = 15 each), how many empty points
# have it (307 fields).  They add up to the empty points, and in every row
# some point gives the side to move an open two or better (class 1 and up:
# the sample's positions all have stones of both colours near each other).
run_evalfit(${SAMPLE} --points)
foreach(row IN LISTS rows)
  split_row("${row}" 307)
  list(GET fields 1 ply)
  set(sum 0)
  set(some 0)
  foreach(i RANGE 224)
    math(EXPR at "82 + ${i}")
    list(GET fields ${at} n)
    math(EXPR sum "${sum} + ${n}")
    if(i GREATER_EQUAL 15)
      math(EXPR some "${some} + ${n}")
    endif()
  endforeach()
  math(EXPR want "225 - ${ply}")
  if(NOT sum EQUAL want OR some EQUAL 0)
    message(FATAL_ERROR "point class counts add up to ${sum} (expected ${want}), ${some} with a class: ${row}")
  endif()
endforeach()

# --pcodes: the --lines row (82 fields) and one last field of
# "side:code:count" items, the empty points by point code for the side to
# move (0) and the opponent (1).  Each side's counts add up to the empty
# points, and every code is a sorted one: its four base-14 digits (line
# patterns) from the strongest down.
run_evalfit(${SAMPLE} --pcodes)
foreach(row IN LISTS rows)
  split_row("${row}" 83)
  list(GET fields 1 ply)
  list(GET fields 82 items)
  string(REGEX MATCHALL "[0-9]+:[0-9]+:[0-9]+" items "${items}")
  set(sum0 0)
  set(sum1 0)
  foreach(item IN LISTS items)
    string(REPLACE ":" ";" parts "${item}")
    list(GET parts 0 side)
    list(GET parts 1 code)
    list(GET parts 2 n)
    math(EXPR a "${code} / 2744")
    math(EXPR b "${code} / 196 % 14")
    math(EXPR c "${code} / 14 % 14")
    math(EXPR d "${code} % 14")
    if(a GREATER 13 OR b GREATER a OR c GREATER b OR d GREATER c)
      message(FATAL_ERROR "point code ${code} is not four sorted line patterns: ${row}")
    endif()
    math(EXPR sum${side} "${sum${side}} + ${n}")
  endforeach()
  math(EXPR want "225 - ${ply}")
  if(NOT sum0 EQUAL want OR NOT sum1 EQUAL want)
    message(FATAL_ERROR "point code counts add up to ${sum0} and ${sum1}, expected ${want}: ${row}")
  endif()
endforeach()

# --threats: rows of 7 fields (game, ply, target, then the plies of the
# side to move's VCF and VCT and the opponent's).  A win by fours is a win
# by threats too, so a VCF never comes without a VCT; the sample's games
# hold wins by fours for the side to move and threats of the opponent.
run_evalfit(${SAMPLE} --threats 2000)
set(vcf 0)
set(opp 0)
foreach(row IN LISTS rows)
  split_row("${row}" 7)
  list(GET fields 3 f)
  list(GET fields 4 t)
  list(GET fields 5 of)
  if(f GREATER 0 AND t EQUAL 0)
    message(FATAL_ERROR "a VCF without a VCT: ${row}")
  endif()
  if(f GREATER 0)
    math(EXPR vcf "${vcf} + 1")
  endif()
  if(of GREATER 0)
    math(EXPR opp "${opp} + 1")
  endif()
endforeach()
if(vcf EQUAL 0 OR opp EQUAL 0)
  message(FATAL_ERROR "--threats found ${vcf} wins by fours and ${opp} of the opponent's:\n${out}")
endif()
