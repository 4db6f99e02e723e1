/*
 * ai_vcf.c - continuous-four search (see ai_vcf.h).
 */
#include "ai_vcf.h"

#include "ai_clock.h"
#include "ai_movegen.h"

static int attack(AiPos *p, AiVcf *v, int fours, int *first);

/* Returns true when the budget or cancel says stop. */
static int out_of_budget(AiVcf *v)
{
    return ai_budget_tick(&v->nodes, v->max_nodes, v->deadline_us, v->cancel, NULL, &v->aborted);
}

/* The defender is to move and faces the attacker's four.  Returns plies to
 * the attacker's win from here, or 0. */
static int defend(AiPos *p, AiVcf *v, int fours)
{
    const int di = (int)p->stm - 1, ai = 1 - di;
    int16_t wins[BOARD_MAX_CELLS];
    if (p->cnt[di][AI_CNT_WIN] > 0) {
        return 0;
    }
    int n = ai_gen_wins(p, ai, wins);
    if (n == 0) {
        return 0;
    }
    if (n >= 2) {
        return 2;
    }
    if (ai_gen_barred(p, di, wins[0])) {
        return 2;
    }
    int dummy;
    ai_pos_make(p, wins[0]);
    int r = attack(p, v, fours, &dummy);
    ai_pos_undo(p);
    return r ? r + 1 : 0;
}

/* Open and double fours first: defend() confirms they win. */
static const int32_t FOUR_BONUS[AI_GEN_BONUS_N] = {1000000, 100000, 0, 0};

static int attack(AiPos *p, AiVcf *v, int fours, int *first)
{
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    int16_t cells[BOARD_MAX_CELLS];
    int n = 0;

    if (out_of_budget(v)) {
        return 0;
    }
    if (p->cnt[ci][AI_CNT_WIN] > 0) {
        if (ai_gen_wins(p, ci, cells) > 0) {
            *first = cells[0];
            return 1;
        }
        return 0;
    }
    if (p->cnt[oi][AI_CNT_WIN] > 0) {
        /* Forced to block: go on only if the block is itself a four. */
        if (ai_gen_wins(p, oi, cells) != 1) {
            return 0;
        }
        int32_t w = 0;
        int f = ai_gen_threat(p, ci, cells[0], &w);
        if (!(f & AI_T_FOUR) || ai_gen_forbidden(p, cells[0], f)) {
            return 0;
        }
        n = 1;
    } else {
        if (fours <= 0) {
            return 0;
        }
        n = ai_gen_attacks(p, 0, FOUR_BONUS, cells);
    }
    for (int i = 0; i < n; i++) {
        ai_pos_make(p, cells[i]);
        int r = defend(p, v, fours - 1);
        ai_pos_undo(p);
        if (r > 0) {
            *first = cells[i];
            return r + 1;
        }
        if (v->aborted) {
            return 0;
        }
    }
    return 0;
}

int ai_vcf(AiPos *p, AiVcf *v, int max_fours, int *first)
{
    *first = -1;
    if (p->bbox[0] > p->bbox[2]) {
        return 0;
    }
    const int lean = ai_pos_set_lean(p, 1);
    int r = attack(p, v, max_fours, first);
    ai_pos_set_lean(p, lean);
    return v->aborted ? 0 : r;
}
