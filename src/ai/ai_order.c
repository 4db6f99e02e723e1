/*
 * ai_order.c - the order in which the search tries a node's moves, and how
 * far it reduces the late ones: killers, history, point-class bonuses,
 * late-move reductions and the reduction experiments (see ai_internal.h).
 */
#include "ai_internal.h"

/* Knob offset (from AI_TUNE_ORDER_OWN_22) of each point class's ordering
 * bonus, or -1 for none: the classes between the threat flags' steps. */
static const int8_t CLASS_ORDER_KNOB[AI_P_N] = {
    [AI_P_NONE] = -1,   [AI_P_F2] = -1,   [AI_P_B3] = -1,
    [AI_P_22] = 0,      [AI_P_B3_F2] = 1, [AI_P_F3] = -1,
    [AI_P_F3_PLUS] = 2, [AI_P_33] = -1,   [AI_P_B4] = -1,
    [AI_P_B4_PLUS] = 3, [AI_P_43] = -1,   [AI_P_44] = -1,
    [AI_P_F4] = -1,     [AI_P_FIVE] = -1, [AI_P_FORBID_SUSPECT] = -1};

/* The ordering bonus of cell by the point classes it makes for colour
 * index ci and takes from the other (AI_TUNE_ORDER_*). */
static int32_t class_bonus(const AiThread *ai, int ci, int cell)
{
    int32_t v = 0;
    for (int side = 0; side < 2; side++) {
        int k = CLASS_ORDER_KNOB[ai_pos_point(&ai->pos, side == 0 ? ci : 1 - ci, cell)];
        if (k >= 0) {
            v += ai->tune[AI_TUNE_ORDER_OWN_22 + 4 * side + k];
        }
    }
    return v;
}

/* The opponent's move that led to the node, or -1 (none: the root of an
 * empty board, or a null move in between is not looked through). */
static int last_move(const AiThread *ai)
{
    const AiPos *p = &ai->pos;
    return p->nundo > 0 ? p->undo[p->nundo - 1].cell : -1;
}

/* Adds the killer, counter-move, history and (when set) point class
 * bonuses to the generated candidates. */
void ai_order_moves(const AiThread *ai, AiCand *c, int n, int ply, int ci)
{
    const int prev = last_move(ai);
    const int counter = prev >= 0 && ai->tune[AI_TUNE_COUNTER] ? ai->counter[ci][prev] : -1;
    int by_class = 0;
    for (int k = AI_TUNE_ORDER_OWN_22; k <= AI_TUNE_ORDER_OPP_B4P; k++) {
        by_class |= ai->tune[k];
    }
    for (int i = 0; i < n; i++) {
        int m = c[i].cell;
        if (m == ai->killer[ply][0] || m == ai->killer[ply][1]) {
            c[i].score += 20000;
        }
        if (m == counter) {
            c[i].score += ai->tune[AI_TUNE_COUNTER];
        }
        c[i].score += ai->history[ci][m] >> 8;
        if (by_class) {
            c[i].score += class_bonus(ai, ci, m);
        }
    }
}

/* ln(n) for n < 64 (ln 0 taken as 0): AI_TUNE_LMR 3 reduces the idx-th
 * move at depth by ln(depth) ln(idx + 1) / (AI_TUNE_LMR_DIV / 10) plies,
 * rounded, at least one (an experiment: docs/strength.md, tenth round). */
static const float LN[64] = {
    0.0000f, 0.0000f, 0.6931f, 1.0986f, 1.3863f, 1.6094f, 1.7918f, 1.9459f, 2.0794f, 2.1972f,
    2.3026f, 2.3979f, 2.4849f, 2.5649f, 2.6391f, 2.7081f, 2.7726f, 2.8332f, 2.8904f, 2.9444f,
    2.9957f, 3.0445f, 3.0910f, 3.1355f, 3.1781f, 3.2189f, 3.2581f, 3.2958f, 3.3322f, 3.3673f,
    3.4012f, 3.4340f, 3.4657f, 3.4965f, 3.5264f, 3.5553f, 3.5835f, 3.6109f, 3.6376f, 3.6636f,
    3.6889f, 3.7136f, 3.7377f, 3.7612f, 3.7842f, 3.8067f, 3.8286f, 3.8501f, 3.8712f, 3.8918f,
    3.9120f, 3.9318f, 3.9512f, 3.9703f, 3.9890f, 4.0073f, 4.0254f, 4.0431f, 4.0604f, 4.0775f,
    4.0943f, 4.1109f, 4.1271f, 4.1431f,
};

/* Plies taken off the search of a node's idx-th move (from 0) at depth. */
int ai_order_reduction(const AiThread *ai, int depth, int idx, int quiet)
{
    if (!quiet) {
        return 0;
    }
    if (ai->tune[AI_TUNE_LMR] == 1) {
        return (depth >= 3 && idx >= 3) ? 1 + (depth >= 6 && idx >= 10) : 0;
    }
    if (ai->tune[AI_TUNE_LMR] == 2) {
        return (depth >= 2 && idx >= 2) ? 1 + (depth >= 4 && idx >= 6) : 0;
    }
    if (ai->tune[AI_TUNE_LMR] >= 3 && depth >= 2 && idx >= 2) {
        const int div = ai->tune[AI_TUNE_LMR_DIV] > 0 ? ai->tune[AI_TUNE_LMR_DIV] : 15;
        int r = (int)(0.5f + LN[depth < 63 ? depth : 63] * LN[idx < 63 ? idx + 1 : 63] * 10.0f /
                                 (float)div);
        return r > 0 ? r : 1;
    }
    return 0;
}

/* Remembers move m that cut off at ply: a killer (and, with
 * AI_TUNE_COUNTER, the counter move) when quiet, and history (halved all
 * over when it grows too large). */
void ai_order_note_cutoff(AiThread *ai, int ply, int ci, int m, int depth, int quiet)
{
    if (quiet && ai->killer[ply][0] != m) {
        ai->killer[ply][1] = ai->killer[ply][0];
        ai->killer[ply][0] = (int16_t)m;
    }
    /* Kept only when read: this runs at every cutoff. */
    const int prev = ai->tune[AI_TUNE_COUNTER] ? last_move(ai) : -1;
    if (quiet && prev >= 0) {
        ai->counter[ci][prev] = (int16_t)m;
    }
    int32_t *h = &ai->history[ci][m];
    *h += depth * depth;
    if (*h > HISTORY_MAX) {
        for (int j = 0; j < AI_CELLS; j++) {
            ai->history[0][j] /= 2;
            ai->history[1][j] /= 2;
        }
    }
}

/* The most plies AI_TUNE_POLICY_RED takes off one move. */
#define POLICY_RED_MAX 3

/* Plies more than ai_order_reduction() that the idx-th move, quiet, is reduced by
 * (experiments, each off by default): a move the ordering scores below
 * AI_TUNE_POLICY_RED, by a ply, or with AI_TUNE_POLICY_STEP a ply more
 * for every step further below, up to POLICY_RED_MAX (Rapfi reduces by
 * its policy score, up to 5 plies), and at a PV node
 * a move after one that raised alpha (AI_TUNE_ALPHA_RED; Rapfi: "reduce
 * other moves once alpha improves"). */
int ai_order_extra_reduction(const AiThread *ai, int raised, int32_t order, int depth, int is_pv)
{
    int r = 0;
    const int below = ai->tune[AI_TUNE_POLICY_RED] - order;
    if (ai->tune[AI_TUNE_POLICY_RED] != 0 && depth >= 3 && below > 0) {
        const int step = ai->tune[AI_TUNE_POLICY_STEP];
        r += step > 0 ? 1 + (below - 1) / step : 1;
        r = r > POLICY_RED_MAX ? POLICY_RED_MAX : r;
    }
    if (is_pv && raised && depth >= 3) {
        r += ai->tune[AI_TUNE_ALPHA_RED];
    }
    return r;
}
