/*
 * scan.h - the one small text scanner: spans of bytes, lines, blanks,
 * tokens and separated fields, keywords, bounded integers and UTF-8.
 *
 * Everything reads a ScanSpan (pointer and length) and never needs a NUL
 * terminator or reads past the length, so truncated or binary input can
 * only fail to match.  The record formats (record_text.c, record_psq.c),
 * settings.ini (src/app/store/settings.c) and the brain's protocol reader
 * (src/brain/brain_proto.c) all scan with it.  No allocation, no state.
 */
#ifndef GOMOKU_SCAN_H
#define GOMOKU_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A piece of text: n bytes at p (p may be NULL when n is 0). */
typedef struct ScanSpan {
    const char *p;
    size_t n;
} ScanSpan;

/* Returns the span of the NUL-terminated s (NULL: empty). */
ScanSpan scan_cstr(const char *s);

/* Returns true for the blanks between words: space, tab, CR, LF, VT, FF. */
bool scan_is_blank(char c);

/* Returns s without blanks at either end. */
ScanSpan scan_trim(ScanSpan s);

/* Takes the next line of text[0..len) from *pos: writes it without its
 * '\n' (and without a '\r' before it) to *line, moves *pos past it and
 * returns true; returns false at the end.  The last line needs no '\n'. */
bool scan_next_line(const char *text, size_t len, size_t *pos, ScanSpan *line);

/* Splits the first blank-separated word off *rest (blanks before it are
 * skipped; *rest keeps what follows it).  Returns an empty span at the end. */
ScanSpan scan_token(ScanSpan *rest);

/* Splits s at its first sep into *before and *after (both trimmed of
 * blanks).  Returns false (writing nothing) when s holds no sep. */
bool scan_split(ScanSpan s, char sep, ScanSpan *before, ScanSpan *after);

/* Returns s without a trailing comment - from a mark that starts s or
 * follows a blank - and trimmed of blanks. */
ScanSpan scan_strip_comment(ScanSpan s, char mark);

/* Returns true when s is exactly word. */
bool scan_eq(ScanSpan s, const char *word);

/* Returns true when s is word, ASCII letters compared without case. */
bool scan_eq_nocase(ScanSpan s, const char *word);

/* Returns the index of the first of the count words s equals without case,
 * or -1. */
int scan_word(ScanSpan s, const char *const *words, int count);

/* Parses all of s as a decimal number with no sign, at most max.  Returns
 * false (leaving *out alone) for anything else: empty, a sign, another
 * character, or more than max. */
bool scan_uint(ScanSpan s, int64_t max, int64_t *out);

/* Parses all of s as a decimal number with an optional sign whose size is
 * at most max_abs (<= 10^18 - 1).  Returns false for anything else. */
bool scan_int(ScanSpan s, int64_t max_abs, int64_t *out);

/* Parses all of s as up to max integers (scan_int, blanks allowed around
 * each) separated by sep.  Returns how many there were, or -1 when s is
 * not such a list (an empty field, junk, too many numbers). */
int scan_ints(ScanSpan s, char sep, int64_t max_abs, int64_t *out, int max);

/* Returns the length (1..4) of the well-formed UTF-8 character at p, which
 * has n bytes left, or 0 when it is not one (overlong forms, surrogates and
 * values past U+10FFFF included). */
size_t scan_utf8_len(const unsigned char *p, size_t n);

/* Returns true when all of s is well-formed UTF-8. */
bool scan_utf8_valid(ScanSpan s);

/* Copies s into buf (cap bytes) for a message: at most cap - 4 bytes,
 * "..." when cut, unprintable bytes as '?'.  Returns buf. */
const char *scan_show(ScanSpan s, char *buf, size_t cap);

#endif
