/*
 * record_text.h - our own game record format (docs/file-format.md):
 * "gomoku-record 1", header keys, the moves with their times, "end".
 */
#ifndef GOMOKU_RECORD_TEXT_H
#define GOMOKU_RECORD_TEXT_H

#include <stddef.h>

#include "record.h"

/* Parses our text format (text need not be NUL-terminated) into *out and
 * validates it (record_validate).  The record must end with an "end" line
 * (record_format writes one) so a file cut short is reported, not read as
 * a shorter game.  Returns 0, or -1 with a message such as
 * "line 7: move 'z99' is off a 15x15 board". */
int record_parse(const char *text, size_t len, Record *out, char *err, size_t errlen);

/* Formats r in our text format.  Returns a NUL-terminated string the caller
 * frees with free() (its length, without the NUL, in *len if len is not
 * NULL), or NULL when memory runs out.  Does not validate r. */
char *record_format(const Record *r, size_t *len);

#endif
