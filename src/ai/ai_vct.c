/*
 * ai_vct.c - threat-space search (see ai_vct.h).
 */
#include "ai_vct.h"

#include <string.h>

#include "ai_clock.h"
#include "ai_movegen.h"

static int attack(AiPos *p, AiVct *v, int budget, int *first);

void ai_vct_cache_clear(AiVctCache *c)
{
    memset(c, 0, sizeof *c);
}

/* Counts a node; returns true when a budget, the deadline or a cancel flag
 * says stop. */
static int tick(AiVct *v)
{
    return ai_budget_tick(&v->nodes, v->max_nodes, v->deadline_us, v->cancel, v->stop, &v->aborted);
}

/* The defender (to move) faces the attacker's open three.  Writes to out
 * the moves that answer it: points after which the attacker has no
 * playable open-four point, and the defender's own fours.  *fallback gets
 * some legal non-answer (or -1), for lines where nothing answers. */
static int defences(AiPos *p, AiVct *v, int16_t *out, int *fallback)
{
    const int di = (int)p->stm - 1, ai = 1 - di;
    int16_t cand[BOARD_MAX_CELLS];
    int32_t prio[BOARD_MAX_CELLS];
    int n = 0, b[4];
    ai_pos_window(p, 2, b);
    *fallback = -1;
    for (int y = b[1]; y <= b[3]; y++) {
        for (int x = b[0]; x <= b[2]; x++) {
            int c = ai_pos_index(p, x, y);
            if (p->cell[c] != STONE_EMPTY || p->near[c] == 0) {
                continue;
            }
            int32_t wa = 0, wd = 0;
            int fa = ai_gen_threat(p, ai, c, &wa);
            int fd = ai_gen_threat(p, di, c, &wd);
            if (!((fa | fd) & AI_T_FOUR) || ai_gen_forbidden_for(p, di, c, fd)) {
                if (*fallback < 0 && !ai_gen_forbidden_for(p, di, c, fd)) {
                    *fallback = c;
                }
                continue;
            }
            cand[n] = (int16_t)c;
            prio[n] = ((fa & AI_T_OPEN4) ? 1000000 : 0) + wa + wd;
            n++;
        }
    }
    ai_gen_sort(cand, prio, n);
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (tick(v)) {
            return 0;
        }
        ai_pos_make(p, cand[i]);
        int ok = p->cnt[di][AI_CNT_WIN] > 0 || !ai_gen_has_open4(p, ai);
        ai_pos_undo(p);
        if (ok) {
            out[k++] = cand[i];
        } else if (*fallback < 0) {
            *fallback = cand[i];
        }
    }
    return k;
}

/* The defender is to move after the attacker's threat.  Returns plies to
 * the attacker's win against the best defence, or 0. */
static int defend(AiPos *p, AiVct *v, int budget)
{
    const int di = (int)p->stm - 1, ai = 1 - di;
    int16_t cells[BOARD_MAX_CELLS];
    int dummy;
    if (tick(v) || p->cnt[di][AI_CNT_WIN] > 0) {
        return 0;
    }
    if (p->cnt[ai][AI_CNT_WIN] > 0) {
        int n = ai_gen_wins(p, ai, cells);
        if (n >= 2) {
            return 2;
        }
        if (n == 0) {
            return 0;
        }
        int32_t w = 0;
        if (ai_gen_forbidden_for(p, di, cells[0], ai_gen_threat(p, di, cells[0], &w))) {
            return 2;
        }
        ai_pos_make(p, cells[0]);
        int r = attack(p, v, budget, &dummy);
        ai_pos_undo(p);
        return r ? r + 1 : 0;
    }
    if (!v->threes || !ai_gen_has_open4(p, ai)) {
        return 0;
    }
    int fallback;
    int n = defences(p, v, cells, &fallback);
    if (v->aborted) {
        return 0;
    }
    if (n == 0) {
        /* Nothing stops the open four: any move loses. */
        if (fallback < 0) {
            return 0;
        }
        cells[0] = (int16_t)fallback;
        n = 1;
    }
    int worst = 0;
    for (int i = 0; i < n; i++) {
        ai_pos_make(p, cells[i]);
        int r = attack(p, v, budget, &dummy);
        ai_pos_undo(p);
        if (r == 0) {
            return 0;
        }
        worst = r > worst ? r : worst;
    }
    return worst + 1;
}

/* Attack ordering: winning shapes first, then fours before threes. */
static const int32_t ATTACK_BONUS[AI_GEN_BONUS_N] = {4000000, 2000000, 1000000, 100000};

static int attack(AiPos *p, AiVct *v, int budget, int *first)
{
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    int16_t cells[BOARD_MAX_CELLS];

    if (tick(v)) {
        return 0;
    }
    if (p->cnt[ci][AI_CNT_WIN] > 0 && ai_gen_wins(p, ci, cells) > 0) {
        *first = cells[0];
        return 1;
    }
    if (p->cnt[oi][AI_CNT_WIN] > 0) {
        /* Forced to block; the block must itself keep the initiative,
         * which the defender's node finds out. */
        if (ai_gen_wins(p, oi, cells) != 1) {
            return 0;
        }
        int32_t w = 0;
        if (ai_gen_forbidden_for(p, ci, cells[0], ai_gen_threat(p, ci, cells[0], &w))) {
            return 0;
        }
        ai_pos_make(p, cells[0]);
        int r = defend(p, v, budget);
        ai_pos_undo(p);
        *first = cells[0];
        return r ? r + 1 : 0;
    }
    if (p->bbox[0] > p->bbox[2]) {
        return 0;
    }
    if (budget <= 0) {
        v->cut = 1;
        return 0;
    }
    uint32_t slot = (uint32_t)(p->hash & (AI_VCT_CACHE - 1));
    uint64_t key = p->hash ^ (v->threes ? 0x9E3779B97F4A7C15ull : 0);
    if (v->cache != NULL && v->cache->key[slot] == key && v->cache->budget[slot] >= budget) {
        v->cut = 1; /* the stored failure may have been for want of attacks */
        return 0;
    }
    /* Against the defender's own open three only fours are fast enough. */
    const int n = ai_gen_attacks(p, v->threes && !ai_gen_has_open4(p, oi), ATTACK_BONUS, cells);
    for (int i = 0; i < n; i++) {
        ai_pos_make(p, cells[i]);
        int r = defend(p, v, budget - 1);
        ai_pos_undo(p);
        if (r > 0) {
            *first = cells[i];
            return r + 1;
        }
        if (v->aborted) {
            return 0;
        }
    }
    if (v->cache != NULL) {
        v->cache->key[slot] = key;
        v->cache->budget[slot] = (uint8_t)(budget > 255 ? 255 : budget);
    }
    return 0;
}

int ai_vct(AiPos *p, AiVct *v, int max_attacks, int *first)
{
    *first = -1;
    int r = attack(p, v, max_attacks, first);
    return v->aborted ? 0 : r;
}

/* Some point colour ci may play, preferring the stones' neighbourhood, or
 * -1. */
static int any_legal(const AiPos *p, int ci)
{
    for (int pass = 0; pass < 2; pass++) {
        for (int y = 0; y < p->size; y++) {
            for (int x = 0; x < p->size; x++) {
                int c = ai_pos_index(p, x, y);
                int32_t w = 0;
                if (p->cell[c] == STONE_EMPTY && (pass == 1 || p->near[c] != 0) &&
                    !ai_gen_forbidden_for(p, ci, c, ai_gen_threat(p, ci, c, &w))) {
                    return c;
                }
            }
        }
    }
    return -1;
}

/* Plays out a proven win from the attacker-to-move position with the
 * given attack budget, the defender choosing its longest resistance.
 * Returns the line length when it ends in a win, else 0.  Leaves the
 * moves played; the caller undoes *made of them. */
static int play_out(AiPos *p, AiVct *v, int budget, int16_t *line, int max_len, int *made)
{
    int len = 0;
    const int ai = (int)p->stm - 1;
    while (len < max_len) {
        int m;
        int r = attack(p, v, budget, &m);
        if (r <= 0 || m < 0) {
            return 0;
        }
        line[len++] = (int16_t)m;
        ai_pos_make(p, m);
        (*made)++;
        if (r == 1) {
            return len;
        }
        if (len >= max_len) {
            return 0;
        }
        /* The defender's reply. */
        const int di = 1 - ai;
        int16_t cells[BOARD_MAX_CELLS];
        int reply = -1;
        if (p->cnt[di][AI_CNT_WIN] > 0) {
            return 0;
        }
        if (p->cnt[ai][AI_CNT_WIN] > 0) {
            int32_t w = 0;
            if (ai_gen_wins(p, ai, cells) == 1 &&
                !ai_gen_forbidden_for(p, di, cells[0], ai_gen_threat(p, di, cells[0], &w))) {
                reply = cells[0];
            } else {
                reply = any_legal(p, di); /* no block helps */
            }
        } else {
            int fallback;
            int n = defences(p, v, cells, &fallback);
            if (v->aborted) {
                return 0;
            }
            reply = fallback;
            int worst = 0;
            for (int i = 0; i < n; i++) {
                ai_pos_make(p, cells[i]);
                int dummy;
                int rr = attack(p, v, budget, &dummy);
                ai_pos_undo(p);
                if (rr == 0) {
                    return 0; /* not a proof after all */
                }
                if (rr > worst) {
                    worst = rr;
                    reply = cells[i];
                }
            }
        }
        if (reply < 0) {
            return 0;
        }
        line[len++] = (int16_t)reply;
        ai_pos_make(p, reply);
        (*made)++;
    }
    return 0;
}

int ai_vct_line(AiPos *p, AiVct *v, int max_attacks, int16_t *line, int max_len)
{
    int budget = 0, first;
    for (int b = 1; b <= max_attacks; b++) {
        v->cut = 0;
        if (attack(p, v, b, &first) > 0) {
            budget = b;
            break;
        }
        if (v->aborted || !v->cut) {
            return 0; /* stopped, or failed without reaching the budget */
        }
    }
    if (budget == 0 || v->aborted) {
        return 0;
    }
    int made = 0;
    int len = play_out(p, v, budget, line, max_len, &made);
    while (made-- > 0) {
        ai_pos_undo(p);
    }
    return v->aborted ? 0 : len;
}
