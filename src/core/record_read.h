/*
 * record_read.h - reading a game record in either format: our text
 * (record_text.h) or Piskvork's .psq (record_psq.h), chosen by the
 * contents or by the file's name.  Above both formats and record.h, which
 * know nothing of each other.
 */
#ifndef GOMOKU_RECORD_READ_H
#define GOMOKU_RECORD_READ_H

#include <stddef.h>

#include "record.h"

/* Parses either format, chosen by record_is_psq.  Returns 0 or -1. */
int record_parse_any(const char *text, size_t len, Record *out, char *err, size_t errlen);

/* Parses the contents of the file called name (a path or a bare name; may
 * be NULL): a name ending in ".psq" (any case) or text that starts like a
 * .psq is read as .psq, so a .psq with a damaged header is told what is
 * wrong with it as a .psq; anything else is read as ours.  Text that is
 * neither, under a name that is not ".gomoku", is "not a game record".
 * Returns 0, or -1 with the reason in err. */
int record_parse_file(const char *name, const char *text, size_t len, Record *out, char *err,
                      size_t errlen);

#endif
