/*
 * ai_custom.h - the Custom AI: the four limits a player sets by hand
 * (search depth, breadth, time a move, threads), as the web game we grew
 * from offered, beside the five presets.
 *
 * The same text names them everywhere (the menu's settings, a record's
 * preset line, gomoku-match's "custom:" player):
 * "depth=6,breadth=12,time=2000,threads=2", time in milliseconds.
 */
#ifndef GOMOKU_AI_CUSTOM_H
#define GOMOKU_AI_CUSTOM_H

#include <stddef.h>

#include "ai.h"

#define AI_CUSTOM_DEPTH_MIN   2
#define AI_CUSTOM_DEPTH_MAX   10
#define AI_CUSTOM_BREADTH_MIN 2
#define AI_CUSTOM_BREADTH_MAX 24
#define AI_CUSTOM_TIME_MIN    100 /* ms */
#define AI_CUSTOM_TIME_MAX    10000
#define AI_CUSTOM_THREADS_MAX 16
#define AI_CUSTOM_TEXT_MAX    64

typedef struct AiCustom {
    int depth;   /* deepest iteration, plies */
    int breadth; /* most candidate moves searched at any node */
    int time_ms; /* time a move */
    int threads; /* search threads */
} AiCustom;

/* Returns the Custom AI a player starts from: depth 6, breadth 12, 2 s,
 * one thread. */
AiCustom ai_custom_default(void);

/* Returns c with every limit brought into its range. */
AiCustom ai_custom_clamp(AiCustom c);

/* Returns the search limits that honour c: no iteration deeper than its
 * depth, no node of the search trying more than its breadth, the answer
 * within its time (plus the few milliseconds to the next clock check). */
AiLimits ai_custom_limits(AiCustom c);

/* Reads "depth=6,breadth=12,time=2000,threads=2" (any of the four, in any
 * order; the others stay as *out has them) into *out.  Returns 0, or -1
 * with a sentence in err when a key is unknown or a value out of range
 * (*out is then unchanged). */
int ai_custom_parse(const char *text, AiCustom *out, char *err, size_t errlen);

/* Writes c as ai_custom_parse reads it into out (room for
 * AI_CUSTOM_TEXT_MAX) and returns out. */
char *ai_custom_format(AiCustom c, char out[AI_CUSTOM_TEXT_MAX]);

#endif
