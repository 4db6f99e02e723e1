/*
 * test_util.h - helpers shared by the core tests.
 */
#ifndef GOMOKU_TEST_UTIL_H
#define GOMOKU_TEST_UTIL_H

#include "core/board.h"

/* Fills *b from an ASCII diagram of n rows of n characters: 'X' black,
 * 'O' white, '.' empty, '*' an empty point of interest (at most one; its
 * position goes to *mark, MOVE_NONE when absent; mark may be NULL).
 * Returns 0, or -1 when the diagram is malformed. */
int tu_board_from_rows(Board *b, const char *const *rows, int n, Move *mark);

/* Shorthand for a Move. */
Move tu_mv(int x, int y);

#endif
