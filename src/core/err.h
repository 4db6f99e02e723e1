/*
 * err.h - writing the reason a function failed, the project's one error
 * idiom (HACKING.md, "Errors"): a function that fails returns its status
 * and, when a person may need to read why, writes one English sentence to
 * the caller's char *err, size_t errlen.
 */
#ifndef GOMOKU_ERR_H
#define GOMOKU_ERR_H

#include <stddef.h>

#include "attr.h"

/* Writes the formatted sentence to err, cut to errlen bytes; does nothing
 * when err is NULL or errlen is 0. */
GOMOKU_PRINTF(3, 4) void err_set(char *err, size_t errlen, const char *fmt, ...);

#endif
