/*
 * ai_clock.h - monotonic milliseconds for search budgets (internal).
 */
#ifndef GOMOKU_AI_CLOCK_H
#define GOMOKU_AI_CLOCK_H

#include <stdint.h>

/* Returns a monotonic time in microseconds from an arbitrary origin. */
int64_t ai_clock_us(void);

#endif
