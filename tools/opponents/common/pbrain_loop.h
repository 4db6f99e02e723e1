/* The Gomocup ("pbrain") side of an adapter around another program's gomoku
 * AI.  The loop owns the protocol and a copy of the position; the engine
 * only has to clear its board, take stones and pick a move.  Plain C so
 * the Objective-C adapters can share it; no dependency on src/. */
#ifndef PBRAIN_LOOP_H
#define PBRAIN_LOOP_H

#include <stdio.h>

#define PBRAIN_LOOP_MAX_SIZE 32

/* Who owns a stone, as the protocol's BOARD lines say it. */
enum { PBRAIN_OWN = 1, PBRAIN_OPP = 2 };

typedef struct PbrainEngine {
    /* The ABOUT line without the trailing newline, e.g. name="x", version="1". */
    const char *about;
    /* Smallest and largest board side the engine accepts. */
    int min_size;
    int max_size;
    void *ctx;
    /* A new empty board of size x size.  Returns 0, or -1 if the engine
     * cannot play that size (the loop then answers ERROR). */
    int (*new_board)(void *ctx, int size);
    /* Puts a stone of `who` (PBRAIN_OWN or PBRAIN_OPP) on an empty point. */
    void (*place)(void *ctx, int x, int y, int who);
    /* Chooses the engine's move on the current position and places it as
     * PBRAIN_OWN.  Returns 0 and sets *x, *y, or -1 if it has no move. */
    int (*think)(void *ctx, int *x, int *y);
} PbrainEngine;

/* Reads commands from `in` and answers on `out` until END or end of input.
 * Returns 0 on END, 1 on end of input. */
int pbrain_loop_run(const PbrainEngine *engine, FILE *in, FILE *out);

#endif
