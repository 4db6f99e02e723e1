/*
 * ai_vcf.h - victory by continuous fours (internal).
 *
 * The attacker plays only moves that make a four (k-1 stones with one
 * point left to win); the defender's only answer is the block.  A line
 * ends in a win when the attacker makes an open four or a double four, or
 * when the defender's block is itself forbidden (renju black).
 */
#ifndef GOMOKU_AI_VCF_H
#define GOMOKU_AI_VCF_H

#include <stdatomic.h>
#include <stdint.h>

#include "ai_pos.h"

typedef struct AiVcf {
    int64_t nodes;            /* counted up by the search */
    int64_t max_nodes;        /* budget; the search gives up past it */
    const atomic_int *cancel; /* may be NULL */
    int64_t deadline_us;      /* ai_clock_us() limit; 0 = none */
    int aborted;              /* set when the budget or cancel stopped the search */
} AiVcf;

/* Searches for a win of the side to move by continuous fours using at
 * most max_fours attacking moves.  Returns the number of plies to the win
 * (odd, >= 1) and writes the first move's cell to *first, or returns 0
 * when none was found.  The position is unchanged on return. */
int ai_vcf(AiPos *p, AiVcf *v, int max_fours, int *first);

#endif
