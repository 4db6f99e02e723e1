/*
 * record_internal.h - record.c's private header: what the formats
 * (record_text.c, record_psq.c) use of it, the replay and validation, the
 * common start of both parsers, and a growable output buffer for both
 * writers.  All of it is defined in record.c, which includes neither
 * format, so the formats depend on record and never the other way.
 * Nothing outside src/core includes it.
 */
#ifndef GOMOKU_RECORD_INTERNAL_H
#define GOMOKU_RECORD_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "attr.h"
#include "err.h"
#include "record.h"

const char *record_end_word(RecordEnd e);
const char *record_kind_word(RecordPlayerKind k);

/* Plays move number idx (0-based) into g; on a refusal explains it in err
 * after prefix ("line 7: " or "") and returns -1, else returns 0. */
int record_replay_move(Game *g, Move m, int idx, const char *prefix, char *err, size_t errlen);

/* Checks the stated result and end against what the board shows and fills
 * them in when not stated (stated: whether a result was given).  Returns 0,
 * or -1 with err set. */
int record_settle_result(Record *r, GameResult board, bool stated, char *err, size_t errlen);

/* Keeps line (len bytes, without its '\n') in r->extra, after what is
 * there; head: it came before the first move.  Sets r->extra_lost, keeping
 * nothing more, once the room is full. */
void record_keep_line(Record *r, const char *line, size_t len, bool head);

/* record_set_text of the len bytes at src (need not be NUL-terminated). */
void record_set_text_n(char dst[RECORD_TEXT_MAX], const char *src, size_t len);

/* Steps *text over a UTF-8 byte-order mark; returns whether there was one. */
bool record_skip_bom(const char **text, size_t *len);

/* What both parsers do first: clear err, reset *out to an empty 15x15
 * freestyle record, refuse empty or oversized input and step over a BOM.
 * Returns 0, or -1 with err set. */
int record_begin_parse(const char **text, size_t *len, Record *out, char *err, size_t errlen);

/* A growable text buffer for the writers. */
typedef struct RecordBuf {
    char *p;
    size_t len, cap;
    bool failed;
} RecordBuf;

/* Appends formatted text (a failure is remembered, not reported here). */
GOMOKU_PRINTF(2, 3) void record_buf_printf(RecordBuf *b, const char *fmt, ...);

/* Returns the text to free() (its length in *len if not NULL), or NULL
 * when memory ran out. */
char *record_buf_finish(RecordBuf *b, size_t *len);

#endif
