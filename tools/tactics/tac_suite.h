/*
 * tac_suite.h - the Rapfi-made tactics suites (tests/tactics/suite-*.txt): one
 * position a line, read by the runner (gomoku-tactics) and the CI subset
 * (tests/tactics/test_tactics_rapfi.c).
 *
 * A line: KIND SIZE RULE SIDE PLIES ANSWER MOVES...
 *   KIND   win (the side to move has a forced win) or def (the opponent
 *          threatens a forced win that exactly one move refutes);
 *   RULE   0 freestyle, 1 exactly five, 4 renju (the Gomocup INFO rule bits);
 *   SIDE   black or white, the side to move (checked against the moves);
 *   PLIES  Rapfi's proved length (+M<n>): of the win, or of the threat;
 *   ANSWER Rapfi's first move of the win, or the one refutation;
 *   MOVES  the game so far, black first, named as our records name them
 *          (column letter, row from the bottom: h8 is 15x15's centre).
 * '#' starts a comment; blank lines are skipped.
 */
#ifndef GOMOKU_TAC_SUITE_H
#define GOMOKU_TAC_SUITE_H

#include <stddef.h>

#include "core/board.h"
#include "core/rules.h"

typedef enum TacSuiteKind { TAC_SUITE_WIN = 0, TAC_SUITE_DEF = 1 } TacSuiteKind;

typedef struct TacSuitePos {
    TacSuiteKind kind;
    int size;
    int rule_bits; /* 0, 1 or 4, as in the file */
    Rules rules;
    Stone to_move;
    int plies;
    Move answer;
    int count; /* moves */
    Move moves[BOARD_MAX_CELLS];
    Board board; /* the position after the moves */
    int line;    /* line number in the file, for reports */
} TacSuitePos;

/* Parses one line of a suite file into *p, replaying the moves under the
 * rules (every move legal, nobody has five, the side to move as stated,
 * the answer an empty legal point).  Returns 1 when the line held a
 * position, 0 for a comment or blank line, -1 with a message in err when
 * it is malformed. */
int tac_suite_parse_line(const char *text, TacSuitePos *p, char *err, size_t errlen);

/* Reads every position of the file at path into a new array (*out, free
 * with free()) and its length (*n).  Returns 0, or -1 with a message
 * naming the file and line. */
int tac_suite_load(const char *path, TacSuitePos **out, int *n, char *err, size_t errlen);

/* Writes moves[0..count) (black first, alternating) as Gomocup BOARD
 * lines for the side me (1 for me's stones, 2 for the other's) through
 * send(user, line), in move order.  Returns the first non-zero send
 * result, or 0. */
int tac_suite_board_lines(const Move *moves, int count, Stone me,
                          int (*send)(void *user, const char *line), void *user);

#endif
