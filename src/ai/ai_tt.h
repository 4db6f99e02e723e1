/*
 * ai_tt.h - transposition table (internal), shared by the search threads
 * of one Ai.  One entry per slot, replaced by a deeper or newer search;
 * entries persist across searches (only ai_tt_clear empties the table);
 * mate scores are stored relative to the node.
 *
 * Lockless: a slot is two relaxed atomic words, data and key ^ data, so a
 * slot torn by two threads writing at once fails the key check and reads
 * as empty instead of as a wrong entry.
 */
#ifndef GOMOKU_AI_TT_H
#define GOMOKU_AI_TT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

enum { AI_TT_NONE = 0, AI_TT_UPPER = 1, AI_TT_LOWER = 2, AI_TT_EXACT = 3 };

typedef struct AiTTEntry {
    int32_t score;
    int16_t move; /* cell index, -1 for none */
    int8_t depth;
    uint8_t flag; /* AI_TT_* */
} AiTTEntry;

typedef struct AiTTSlot {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;  /* packed AiTTEntry plus generation */
} AiTTSlot;

/* Entries live across searches: a new search only bumps the generation,
 * which tells the replacement policy what is stale, so starting a search
 * is O(1) instead of clearing megabytes (which, on a fresh table, would
 * also pay every page fault up front). */
/* Slots whose first filling since the last clear is remembered, so that
 * clearing after a short search touches only those. */
#define AI_TT_USED_MAX 16384

typedef struct AiTT {
    AiTTSlot *slot;
    size_t mask;  /* slots - 1 (a power of two) */
    unsigned gen; /* 1..63 */
    /* Indexes of the slots filled since the last clear (any thread);
     * nused past AI_TT_USED_MAX means "too many to list". */
    uint32_t *used;
    _Atomic uint32_t nused;
} AiTT;

/* Allocates the largest power-of-two table within bytes (at least 1024
 * slots), lazily zeroed by the OS.  Returns 0 or -1 on no memory. */
int ai_tt_init(AiTT *tt, size_t bytes);

/* Releases the table. */
void ai_tt_free(AiTT *tt);

/* Empties all entries.  No search may be running.  After a search that
 * filled few slots only those are emptied: fresh searches (every hint,
 * every position of a review, every proof in the tests) clear first, and
 * writing a whole big table each time cost more than the search. */
void ai_tt_clear(AiTT *tt);

/* Starts a new generation: current entries stay readable but may now be
 * replaced by any newer one.  No search may be running. */
void ai_tt_new_search(AiTT *tt);

/* Writes the entry for key to *out and returns 1, or returns 0 when there
 * is none. */
int ai_tt_probe(const AiTT *tt, uint64_t key, AiTTEntry *out);

/* Asks the processor to fetch key's slot ahead of its probe or store:
 * called before the work that leads to them (a move's make), it hides
 * most of a big table's memory latency.  Changes nothing. */
static inline void ai_tt_prefetch(const AiTT *tt, uint64_t key)
{
#if defined(__GNUC__)
    __builtin_prefetch(&tt->slot[key & tt->mask]);
#else
    (void)tt;
    (void)key;
#endif
}

/* Stores a search result for key. */
void ai_tt_store(AiTT *tt, uint64_t key, int score, int move, int depth, int flag);

#endif
