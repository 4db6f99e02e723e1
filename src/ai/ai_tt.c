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
    if (tt->slot == NULL) {
        tt->mask = 0;
        return -1;
    }
    tt->mask = n - 1;
    tt->gen = 1;
    return 0;
}

void ai_tt_free(AiTT *tt)
{
    free(tt->slot);
    tt->slot = NULL;
    tt->mask = 0;
}

void ai_tt_clear(AiTT *tt)
{
    /* A fresh allocation is zeroed lazily by the OS (large blocks are new
     * pages), far cheaper than writing every slot of a big table. */
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
    }
    depth = depth < 0 ? 0 : (depth > 127 ? 127 : depth);
    uint64_t d = pack(score, move, depth, (tt->gen << 2) | (unsigned)flag);
    atomic_store_explicit(&s->data, d, memory_order_relaxed);
    atomic_store_explicit(&s->check, key ^ d, memory_order_relaxed);
}
