/*
 * ai_tt.c - transposition table (see ai_tt.h).
 */
#include "ai_tt.h"

#include <stdlib.h>

int ai_tt_init(AiTT *tt, size_t bytes)
{
    size_t n = 1024;
    while (n * 2 * sizeof(AiTTSlot) <= bytes) {
        n *= 2;
    }
    /* All-zero bytes are valid empty atomics on every supported platform. */
    tt->slot = calloc(n, sizeof(AiTTSlot));
    tt->used = malloc(AI_TT_USED_MAX * sizeof tt->used[0]);
    if (tt->slot == NULL || tt->used == NULL) {
        free(tt->slot);
        free(tt->used);
        tt->slot = NULL;
        tt->used = NULL;
        tt->mask = 0;
        return -1;
    }
    atomic_init(&tt->nused, 0);
    tt->mask = n - 1;
    tt->gen = 1;
    return 0;
}

void ai_tt_free(AiTT *tt)
{
    free(tt->slot);
    free(tt->used);
    tt->slot = NULL;
    tt->used = NULL;
    tt->mask = 0;
}

/* Empties the listed slots; returns 0 when there were too many to list. */
static int clear_listed(AiTT *tt)
{
    uint32_t n = atomic_load_explicit(&tt->nused, memory_order_relaxed);
    if (n > AI_TT_USED_MAX) {
        return 0;
    }
    for (uint32_t i = 0; i < n; i++) {
        AiTTSlot *s = &tt->slot[tt->used[i]];
        atomic_store_explicit(&s->check, 0, memory_order_relaxed);
        atomic_store_explicit(&s->data, 0, memory_order_relaxed);
    }
    return 1;
}

void ai_tt_clear(AiTT *tt)
{
    /* A fresh allocation is zeroed lazily by the OS (large blocks are new
     * pages), far cheaper than writing every slot of a big table. */
    if (tt->slot != NULL && clear_listed(tt)) {
        atomic_store_explicit(&tt->nused, 0, memory_order_relaxed);
        tt->gen = 1;
        return;
    }
    atomic_store_explicit(&tt->nused, 0, memory_order_relaxed);
    AiTTSlot *fresh = tt->slot != NULL ? calloc(tt->mask + 1, sizeof(AiTTSlot)) : NULL;
    if (fresh != NULL) {
        free(tt->slot);
        tt->slot = fresh;
    } else if (tt->slot != NULL) {
        for (size_t i = 0; i <= tt->mask; i++) {
            atomic_store_explicit(&tt->slot[i].check, 0, memory_order_relaxed);
            atomic_store_explicit(&tt->slot[i].data, 0, memory_order_relaxed);
        }
    }
    tt->gen = 1;
}

void ai_tt_new_search(AiTT *tt)
{
    /* Generation 0 never labels a stored entry, so a zeroed slot stays
     * recognisably empty whatever the wrap-around. */
    if (++tt->gen > 63) {
        tt->gen = 1;
    }
}

static uint64_t pack(int score, int move, int depth, unsigned flag_gen)
{
    return (uint64_t)(uint32_t)score | (uint64_t)(uint16_t)move << 32 |
           (uint64_t)(uint8_t)depth << 48 | (uint64_t)(uint8_t)flag_gen << 56;
}

/* Returns the slot's data when it holds key (of any generation: a result
 * about a position stays true from one move to the next), else 0 (never a
 * valid entry: its flag would be AI_TT_NONE). */
static uint64_t load(const AiTTSlot *s, uint64_t key)
{
    uint64_t d = atomic_load_explicit(&s->data, memory_order_relaxed);
    uint64_t c = atomic_load_explicit(&s->check, memory_order_relaxed);
    unsigned fg = (unsigned)(d >> 56);
    if ((c ^ d) != key || (fg & 3u) == AI_TT_NONE) {
        return 0;
    }
    return d;
}

int ai_tt_probe(const AiTT *tt, uint64_t key, AiTTEntry *out)
{
    uint64_t d = load(&tt->slot[key & tt->mask], key);
    if (d == 0) {
        return 0;
    }
    out->score = (int32_t)(uint32_t)(d & 0xffffffffu);
    out->move = (int16_t)(uint16_t)(d >> 32);
    out->depth = (int8_t)(uint8_t)(d >> 48);
    out->flag = (uint8_t)((d >> 56) & 3u);
    return 1;
}

/* Lists slot s as filled since the last clear.  Threads take distinct
 * places in the list, so none writes over another's. */
static void note_used(AiTT *tt, const AiTTSlot *s)
{
    uint32_t i = atomic_fetch_add_explicit(&tt->nused, 1, memory_order_relaxed);
    if (i < AI_TT_USED_MAX) {
        tt->used[i] = (uint32_t)(s - tt->slot);
    } else {
        /* Past the list: stays past it until the next clear. */
        atomic_store_explicit(&tt->nused, AI_TT_USED_MAX + 1, memory_order_relaxed);
    }
}

void ai_tt_store(AiTT *tt, uint64_t key, int score, int move, int depth, int flag)
{
    AiTTSlot *s = &tt->slot[key & tt->mask];
    uint64_t old = load(s, key);
    if (old != 0) {
        int old_depth = (int8_t)(uint8_t)(old >> 48);
        unsigned old_gen = (unsigned)(old >> 58);
        if (old_depth > depth && flag != AI_TT_EXACT && old_gen == tt->gen) {
            return;
        }
        if (move < 0) {
            move = (int16_t)(uint16_t)(old >> 32);
        }
    } else {
        /* Another position: a deep entry of this search is worth more than
         * a shallow newcomer; anything from an earlier search ages out. */
        uint64_t d = atomic_load_explicit(&s->data, memory_order_relaxed);
        unsigned fg = (unsigned)(d >> 56);
        int old_depth = (int8_t)(uint8_t)(d >> 48);
        if ((fg & 3u) != AI_TT_NONE && (fg >> 2) == tt->gen && old_depth > depth + 3) {
            return;
        }
        if ((fg & 3u) == AI_TT_NONE) {
            note_used(tt, s);
        }
    }
    depth = depth < 0 ? 0 : (depth > 127 ? 127 : depth);
    uint64_t d = pack(score, move, depth, (tt->gen << 2) | (unsigned)flag);
    atomic_store_explicit(&s->data, d, memory_order_relaxed);
    atomic_store_explicit(&s->check, key ^ d, memory_order_relaxed);
}
