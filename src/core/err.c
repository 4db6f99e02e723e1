/*
 * err.c - the reason a call failed, written to the caller's buffer.
 */
#include "err.h"

#include <stdarg.h>
#include <stdio.h>

void err_set(char *err, size_t errlen, const char *fmt, ...)
{
    if (err == NULL || errlen == 0) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}
