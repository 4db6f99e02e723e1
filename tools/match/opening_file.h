/*
 * opening_file.h - match openings written as position strings, one a line,
 * as Rapfi's `opengen` prints them: "h7g8k5h9" is h7, g8, k5, h9 played in
 * that order, black first.  A letter names the column (a = x 0), the number
 * after it the row counted from 1 at y 0, so "h7" is x 7, y 6: the
 * coordinates Rapfi uses on the Gomocup protocol, where x,y are ours
 * (checked by showing Rapfi the parsed stones with TRACEBOARD, see
 * docs/opponents.md), and the way gomoku-match prints moves.
 */
#ifndef GOMOKU_MATCH_OPENING_FILE_H
#define GOMOKU_MATCH_OPENING_FILE_H

#include <stddef.h>

#include "core/rules.h"

#define MATCH_OPENING_MAX 16

/* A few stones every game of a pair starts from, in the order played. */
typedef struct Opening {
    int len;
    Move moves[MATCH_OPENING_MAX];
} Opening;

/* Parses one position string (letters in either case, blanks around it
 * allowed) for a size x size board into *out.  Returns 0, or -1 with a
 * message in err: not letter-then-number pairs, a point off the board, or
 * more than MATCH_OPENING_MAX stones.  Legality is opening_check's. */
int opening_parse(const char *text, int size, Opening *out, char *err, size_t errlen);

/* Checks that op can be played from an empty size x size board under r
 * (no point twice, no renju foul) and leaves the game going (no line
 * already won).  Returns 0, or -1 with a message in err. */
int opening_check(const Opening *op, int size, Rules r, char *err, size_t errlen);

/* Reads every opening of the file at path: one position string a line;
 * blank lines and lines starting with '#' are skipped.  Returns 0 with a
 * malloc'd array in *ops (free it) and its length in *count (at least 1),
 * or -1 with a message naming the file and line in err. */
int opening_file_load(const char *path, int size, Rules r, Opening **ops, int *count, char *err,
                      size_t errlen);

#endif
