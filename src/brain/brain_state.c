/*
 * brain_state.c - a Brain's state: making and freeing it, its settings and
 * what can be read of it, and the helpers on it that the protocol
 * (brain_proto.c) and the searches (brain_think.c) share
 * (brain_state_internal.h).
 */
#include "brain_state.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../ai/ai.h"
#include "../core/rules.h"
#include "brain_policy.h"
#include "brain_state_internal.h"

/* ---- shared with brain_proto.c and brain_think.c ------------------------ */

void brain_reply(Brain *b, const char *fmt, ...)
{
    char buf[REPLY_MAX_LEN];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    b->write(buf, b->user);
}

int brain_count_cells(const Brain *b, BrainCell what)
{
    int n = 0;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            n += b->cell[brain_idx(x, y)] == what;
        }
    }
    return n;
}

static Rules rules_from(int mask, int win_length)
{
    Rules r;

    r.k = win_length;
    if (mask & RULE_BIT_RENJU) {
        r.kind = RULE_RENJU;
    } else if (mask & RULE_BIT_EXACT) {
        r.kind = RULE_EXACT;
    } else {
        r.kind = RULE_FREESTYLE;
    }
    /* Renju is only defined for five; the explicit win_length wins. */
    if (!rules_valid(r)) {
        r.kind = RULE_FREESTYLE;
    }
    return r;
}

/* ---- public -------------------------------------------------------------- */

Brain *brain_new(BrainWriteFn write, void *user)
{
    Brain *b;

    if (write == NULL) {
        return NULL;
    }
    b = calloc(1, sizeof *b);
    if (b == NULL) {
        return NULL;
    }
    b->write = write;
    b->user = user;
    b->clock.timeout_turn_ms = -1;
    b->clock.timeout_match_ms = -1;
    b->clock.time_left_ms = -1;
    b->max_memory = 0;
    b->rule_mask = 0;
    b->win_length = 5;
    b->threads = 1;
    b->mode = MODE_COMMAND;
    b->seed = 0x6a09e667u;
    atomic_init(&b->search, SEARCH_IDLE);
    b->quit = false;
    return b;
}

void brain_free(Brain *b)
{
    if (b == NULL) {
        return;
    }
    if (!b->ai_shared) {
        ai_free(b->ai);
    }
    free(b);
}

int brain_board_size(const Brain *b)
{
    return b != NULL ? b->size : 0;
}

BrainCell brain_cell(const Brain *b, int x, int y)
{
    if (b == NULL || !brain_on_board(b, x, y)) {
        return BRAIN_CELL_OFF;
    }
    return (BrainCell)b->cell[brain_idx(x, y)];
}

Rules brain_rules(const Brain *b)
{
    return rules_from(b != NULL ? b->rule_mask : 0, b != NULL ? b->win_length : 5);
}

int brain_time_budget_ms(const Brain *b)
{
    int stones = 0;

    if (b == NULL) {
        return brain_policy_time_ms(NULL, 0, 0);
    }
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            stones += b->cell[brain_idx(x, y)] != BRAIN_CELL_EMPTY;
        }
    }
    return brain_policy_time_ms(&b->clock, stones, b->size * b->size - stones);
}

int brain_search_threads(const Brain *b)
{
    return b != NULL ? b->threads : 1;
}

size_t brain_table_bytes(const Brain *b)
{
    if (b == NULL) {
        return brain_policy_table_bytes(0, -1);
    }
    size_t want = brain_policy_table_bytes(b->max_memory, b->clock.timeout_turn_ms);

    if (b->caps.table_bytes > 0 && want > b->caps.table_bytes) {
        want = b->caps.table_bytes < BRAIN_MIN_TABLE_BYTES ? BRAIN_MIN_TABLE_BYTES
                                                           : b->caps.table_bytes;
    }
    return want;
}

void brain_set_engine(Brain *b, Ai *ai)
{
    if (b == NULL) {
        return;
    }
    if (!b->ai_shared) {
        ai_free(b->ai);
    }
    b->ai = ai;
    b->ai_bytes = 0;
    b->ai_shared = ai != NULL;
}

void brain_set_caps(Brain *b, BrainCaps caps)
{
    if (b != NULL) {
        b->caps = caps;
    }
}

void brain_set_seed(Brain *b, uint32_t seed)
{
    if (b != NULL) {
        b->seed = seed;
    }
}
