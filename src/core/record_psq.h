/*
 * record_psq.h - Piskvork's .psq game files, as Gomocup managers write them.
 */
#ifndef GOMOKU_RECORD_PSQ_H
#define GOMOKU_RECORD_PSQ_H

#include <stdbool.h>
#include <stddef.h>

#include "record.h"

/* Parses a Piskvork .psq file: a header "Piskvorky WxH, ..." then one
 * "x,y[,time_ms]" line per move (1-based, x = column, y = row from the
 * top), then anything (brain names, "-1" ...), which is ignored but for
 * the first two names (the players').  Only square boards in our size
 * range are accepted.  A .psq does not say its rule: it is read as
 * freestyle five, or, when the moves go on after a five, as the first of
 * exact five, six in a row, exact six, then shorter lines under which
 * they can (so a game this program exported reads back whatever its k).
 * The result is what the board shows.  Returns 0, or -1 with a message. */
int record_parse_psq(const char *text, size_t len, Record *out, char *err, size_t errlen);

/* Formats r as a .psq file ("Piskvorky NxN, 11:11, 0", the moves with
 * their times, 0 for unknown, then "-1").  Rules and metadata are lost;
 * the format has no place for them.  Returns a string to free() (length
 * in *len if not NULL), or NULL when memory runs out. */
char *record_format_psq(const Record *r, size_t *len);

/* Returns true when the text starts (after blank lines and a UTF-8 BOM)
 * like a .psq file ("Piskvorky"), false when it should be read as ours. */
bool record_is_psq(const char *text, size_t len);

#endif
