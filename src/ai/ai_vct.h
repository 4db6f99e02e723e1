/*
 * ai_vct.h - threat-space search: victory by continuous fours (VCF) and by
 * continuous threats (VCT: fours and open threes), proved by depth-first
 * proof-number search (df-pn) (internal).
 *
 * The attacker plays only forcing moves.  After a four the defender's only
 * answer is the block (a double four, or a block forbidden to renju black,
 * wins).  After an open three the defender may play every point that stops
 * it (checked by playing it: afterwards the attacker has no playable
 * open-four point left) and every move of its own that makes a four, so a
 * proven win is a real one.  "Four" and "open three" come from the pattern
 * tables and so follow k (k-1 and open k-2 stones), and a renju black
 * threat whose completion point is forbidden is no threat at all.
 *
 * Why proof numbers: the wins that decide games between strong players
 * run 12 to 15 attacking moves, most of them fours.  A depth-first search
 * bounded by a count of attacks cannot reach them; df-pn spends its nodes
 * where the proof is closest, counts no four against any limit (only open
 * threes are limited), and remembers proved and refuted positions in its
 * own table across searches, so the root's phases and the next move reuse
 * them.
 */
#ifndef GOMOKU_AI_VCT_H
#define GOMOKU_AI_VCT_H

#include <stdatomic.h>
#include <stdint.h>

#include "ai_pos.h"

/* Entries of a table: buckets of AI_VCT_WAYS, replaced by least work. */
#define AI_VCT_BITS 17
#define AI_VCT_WAYS 4
#define AI_VCT_SIZE (1u << AI_VCT_BITS)
/* Deepest ply from the search's root: a proof line then fits AI_MAX_PV. */
#define AI_VCT_MAX_PLY 56

typedef struct AiVctEntry {
    uint64_t key;   /* position hash salted by attacker, node kind and mode; 0 = empty */
    uint32_t pn;    /* proof number: 0 = proved */
    uint32_t dn;    /* disproof number: 0 = refuted */
    uint32_t work;  /* nodes spent under it, for replacement */
    uint8_t threes; /* open threes the attacker had left when searched */
    uint8_t dist;   /* for a proof: plies to the win against the longest defence */
    int16_t best;   /* for a proved attacker node: the winning move */
} AiVctEntry;

/* Entries whose first filling is remembered, so that clearing a table a
 * short search used touches only those (past it, all are cleared). */
#define AI_VCT_USED_MAX 4096

/* Proved and refuted positions, kept across searches until cleared. */
typedef struct AiVctCache {
    AiVctEntry e[AI_VCT_SIZE];
    /* Indexes of the entries filled since the last clear; nused past
     * AI_VCT_USED_MAX means "too many to list". */
    uint32_t used[AI_VCT_USED_MAX];
    uint32_t nused;
} AiVctCache;

typedef struct AiVct {
    int64_t nodes;            /* counted up by the search */
    int64_t max_nodes;        /* budget, 0 = none; the search gives up past it */
    const atomic_int *cancel; /* may be NULL */
    const atomic_int *stop;   /* may be NULL; a second cancel flag */
    int64_t deadline_us;      /* ai_clock_us() limit; 0 = none */
    int aborted;              /* set when a budget or cancel stopped the search */
    int threes;               /* 0: fours only (VCF); 1: fours and open threes (VCT) */
    AiVctCache *cache;        /* required */
    int attacker;             /* colour index of the attacker (set by the search) */
    int limited;              /* set when some line ran out of open threes */
} AiVct;

/* Clears the table (c zeroed, as by calloc, is a clear table).  A table
 * that few entries were written to since the last clear is cleared entry
 * by entry: the engine clears its tables before every fresh search, and
 * wiping all of them each time cost more than most short searches. */
void ai_vct_cache_clear(AiVctCache *c);

/* Searches for a win of the side to move with at most max_threes open
 * threes along any line (fours are free; max_threes is ignored for VCF).
 * Returns the plies to the win against the longest defence (odd, >= 1)
 * and writes the first move's cell to *first, or returns 0 when none was
 * found (refuted, or the budget ran out: v->aborted).  The position is
 * unchanged on return. */
int ai_vct(AiPos *p, AiVct *v, int max_threes, int *first);

/* Like ai_vct, then writes a proof line to line (room for max_len cells):
 * the attacker's moves, each the one with the shortest proof, and after
 * each the defender's most stubborn answer, ending with the winning move.
 * Returns the line's length (only when the whole line fits and was
 * replayed), or 0. */
int ai_vct_line(AiPos *p, AiVct *v, int max_threes, int16_t *line, int max_len);

#endif
