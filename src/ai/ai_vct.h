/*
 * ai_vct.h - threat-space search: victory by continuous fours (VCF) and by
 * continuous threats (VCT: fours and open threes) (internal).
 *
 * The attacker plays only forcing moves.  After a four the defender's only
 * answer is the block (a double four, or a block forbidden to renju black,
 * wins).  After an open three the defender may play every point that stops
 * it (checked by playing it: afterwards the attacker has no playable
 * open-four point left) and every move of its own that makes a four, so a
 * proven win is a real one.  "Four" and "open three" come from the pattern
 * tables and so follow k (k-1 and open k-2 stones), and a renju black
 * threat whose completion point is forbidden is no threat at all.
 */
#ifndef GOMOKU_AI_VCT_H
#define GOMOKU_AI_VCT_H

#include <stdatomic.h>
#include <stdint.h>

#include "ai_pos.h"

#define AI_VCT_CACHE_BITS 15
#define AI_VCT_CACHE      (1u << AI_VCT_CACHE_BITS)

/* Positions proven not to win within a number of attacking moves, so that
 * transpositions and deeper iterations skip them.  Keyed by the position's
 * Zobrist hash (which includes the side to move and the rules salt). */
typedef struct AiVctCache {
    uint64_t key[AI_VCT_CACHE];
    uint8_t budget[AI_VCT_CACHE]; /* proven to fail with at most this many attacks */
} AiVctCache;

typedef struct AiVct {
    int64_t nodes;            /* counted up by the search */
    int64_t max_nodes;        /* budget, 0 = none; the search gives up past it */
    const atomic_int *cancel; /* may be NULL */
    const atomic_int *stop;   /* may be NULL; a second cancel flag */
    int64_t deadline_us;      /* ai_clock_us() limit; 0 = none */
    int aborted;              /* set when a budget or cancel stopped the search */
    int threes;               /* 0: fours only (VCF); 1: fours and open threes (VCT) */
    AiVctCache *cache;        /* may be NULL */
    int cut;                  /* set when some line ran out of attacks */
} AiVct;

/* Clears the failure cache. */
void ai_vct_cache_clear(AiVctCache *c);

/* Searches for a win of the side to move by at most max_attacks forcing
 * moves.  Returns the plies to the win (odd, >= 1) and writes the first
 * move's cell to *first, or returns 0 when none was found (or the budget
 * ran out: v->aborted).  The position is unchanged on return. */
int ai_vct(AiPos *p, AiVct *v, int max_attacks, int *first);

/* Like ai_vct with iterative deepening over the number of attacks (so the
 * shortest win is found first), then writes a proof line to line (room
 * for max_len cells): the attacker's moves and, after each, the defender's
 * most stubborn answer, ending with the winning move.  Returns the line's
 * length (it is only returned when the whole line fits and was replayed),
 * or 0. */
int ai_vct_line(AiPos *p, AiVct *v, int max_attacks, int16_t *line, int max_len);

#endif
