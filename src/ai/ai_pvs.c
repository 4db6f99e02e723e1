/*
 * ai_pvs.c - the alpha-beta search: negamax with principal-variation
 * search (PVS), a transposition table, forced replies searched without
 * using up depth, pruning near the leaves, and the static evaluation at
 * the leaves.  (The move order and late-move reductions are in
 * ai_order.c; the public ai_search() that drives it is in ai.c.)
 */
#include "ai_internal.h"

#include <stdlib.h>
#include <string.h>

#include "ai_clock.h"
#include "ai_net.h"
#include "ai_vcf.h"

void ai_pvs_check_abort(AiThread *ai)
{
    if (atomic_load_explicit(ai->stop, memory_order_relaxed) != 0) {
        ai->abort = 1;
    } else if (ai->cancel != NULL && atomic_load(ai->cancel) != 0) {
        ai->abort = 1;
    } else if (ai->max_nodes > 0 && ai->nodes >= ai->max_nodes) {
        ai->abort = 1;
    } else if (ai->deadline_us > 0 && ai_clock_us() >= ai->deadline_us) {
        ai->abort = 1;
    }
}

static int score_to_tt(int s, int ply)
{
    if (s >= AI_SCORE_WIN_THRESHOLD) {
        return s + ply;
    }
    if (s <= -AI_SCORE_WIN_THRESHOLD) {
        return s - ply;
    }
    return s;
}

static int score_from_tt(int s, int ply)
{
    if (s >= AI_SCORE_WIN_THRESHOLD) {
        return s - ply;
    }
    if (s <= -AI_SCORE_WIN_THRESHOLD) {
        return s + ply;
    }
    return s;
}

/* What an open-four point of colour index x weighs (side AI_EVAL_OWN or
 * AI_EVAL_OPP) over a four point: a three that cannot become an open four
 * is worth no more than a closed one. */
static int32_t open4_excess(const AiPatTable *pt, int x, int side)
{
    const int32_t *w = pt->eval[x][side], *l = pt->line_eval[x][side];
    return w[pt->code_open4] - w[pt->code_four] + l[AI_L_F4] - l[AI_L_B4];
}

/* Keeps an evaluation within +-AI_SCORE_WIN / 2, below every win score. */
static int clamp_eval(int64_t v)
{
    return v > AI_SCORE_WIN / 2 ? AI_SCORE_WIN / 2
                                : (v < -AI_SCORE_WIN / 2 ? -AI_SCORE_WIN / 2 : (int)v);
}

/* What the AI_TUNE_NET_FLAG knobs add to the network's output for the
 * double-threat flags of ai's position (0 while they are all 0). */
static int64_t net_flag_bonus(const AiThread *ai)
{
    const int *k = &ai->tune[AI_TUNE_NET_FLAG];
    int any = 0;
    for (int f = 0; f < AI_NET_FLAGS; f++) {
        any |= k[f];
    }
    if (!any) {
        return 0;
    }
    int32_t flag[AI_NET_FLAGS];
    ai_net_flags(&ai->pos, flag);
    int64_t bonus = 0;
    for (int f = 0; f < AI_NET_FLAGS; f++) {
        bonus += flag[f] ? k[f] : 0;
    }
    return bonus;
}

/* Static evaluation for the side to move: the running pattern totals, with
 * a bonus for having the move (hand-set weights only), and the double
 * threats.  Two experiments, off by default, weigh one side's points more:
 * the side not to move here (AI_TUNE_BALANCE) or the root's opponent
 * (AI_TUNE_CONTEMPT); against Rapfi the first helped at 150 000 nodes a
 * move and not at 1 s (docs/strength.md).  In freestyle five up to 15x15
 * the network over pattern counts (ai_net.h, AI_TUNE_NET, on by default)
 * takes the place of all of it, its output scaled (AI_TUNE_NET_SCALE) to
 * the units the search's margins were set in. */
static int evaluate(const AiThread *ai)
{
    const AiPos *p = &ai->pos;
    const AiPatTable *pt = p->pt;
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    if (ai->net && ai->blind_ci < 0) {
        return clamp_eval(((int64_t)ai_net_eval(p) + net_flag_bonus(ai)) *
                          ai->tune[AI_TUNE_NET_SCALE] / 100);
    }
    /* t[x]: colour x's points, weighed as the side to move's or the
     * opponent's as the case is. */
    int32_t t[2];
    t[ci] = p->total[ci][AI_EVAL_OWN];
    t[oi] = p->total[oi][AI_EVAL_OPP];
    if (ai->blind_ci >= 0 && pt->code_open4 >= 0) {
        const int b = ai->blind_ci;
        t[b] -= p->cnt[b][AI_CNT_OPEN4] * open4_excess(pt, b, b == ci ? AI_EVAL_OWN : AI_EVAL_OPP);
    }
    if (pt->rules.kind == RULE_RENJU && ai->blind_ci != 0 && p->cnt[0][AI_CNT_OPEN4] > 0 &&
        pt->code_open4 >= 0 && !ai_gen_has_open4(p, 0)) {
        /* Renju black's threes that can only grow on forbidden points are
         * worth no more than closed ones. */
        t[0] -= p->cnt[0][AI_CNT_OPEN4] * open4_excess(pt, 0, ci == 0 ? AI_EVAL_OWN : AI_EVAL_OPP);
    }
    const int tempo = pt->fitted ? 0 : ai->tune[AI_TUNE_TEMPO];
    if (ai->tune[AI_TUNE_CONTEMPT] != 0) {
        t[1 - ai->root_ci] += t[1 - ai->root_ci] * ai->tune[AI_TUNE_CONTEMPT] / 100;
    }
    if (ai->tune[AI_TUNE_BALANCE] != 0) {
        t[oi] += t[oi] * ai->tune[AI_TUNE_BALANCE] / 100;
    }
    int32_t v = t[ci] + t[ci] * tempo / 100 - t[oi];
    if (ai->tune[AI_TUNE_THREAT] && ai->blind_ci < 0) {
        v += ai_pos_threat_eval(p, ci);
    }
    return clamp_eval(v);
}

/* No static evaluation taken yet (evaluate() stays within +-AI_SCORE_WIN / 2). */
#define NO_EVAL (-INF_SCORE)

/* Moves the best-scored candidate of c[i..n-1] to c[i]. */
void ai_pvs_pick_best(AiCand *c, int i, int n)
{
    int b = i;
    for (int j = i + 1; j < n; j++) {
        if (c[j].score > c[b].score) {
            b = j;
        }
    }
    if (b != i) {
        AiCand t = c[i];
        c[i] = c[b];
        c[b] = t;
    }
}

static void set_pv(AiThread *ai, int ply, int move)
{
    ai->pv[ply][0] = (int16_t)move;
    int n = ply + 1 < SEARCH_MAX_PLY ? ai->pv_len[ply + 1] : 0;
    if (n > SEARCH_MAX_PLY - 1 - ply) {
        n = SEARCH_MAX_PLY - 1 - ply;
    }
    if (n > 0) {
        memcpy(&ai->pv[ply][1], ai->pv[ply + 1], (size_t)n * sizeof ai->pv[0][0]);
    }
    ai->pv_len[ply] = n + 1;
}

static int search(AiThread *ai, int depth, int alpha, int beta, int ply, int is_pv);

/* Counts a node and now and then checks whether to stop; returns nonzero
 * when the search must unwind. */
static int node_aborts(AiThread *ai)
{
    if (++ai->nodes >= ai->next_check) {
        ai->next_check = ai->nodes + CHECK_MASK + 1;
        ai_pvs_check_abort(ai);
    }
    return ai->abort;
}

/* Mate-distance bounds: nothing here beats winning next move or loses
 * faster than the move after.  Returns nonzero when the window closes. */
static int mate_bounds(int ply, int *alpha, int *beta)
{
    if (*alpha < -(AI_SCORE_WIN - (ply + 2))) {
        *alpha = -(AI_SCORE_WIN - (ply + 2));
    }
    if (*beta > AI_SCORE_WIN - (ply + 1)) {
        *beta = AI_SCORE_WIN - (ply + 1);
    }
    return *alpha >= *beta;
}

/* The opponent threatens to win next move: two threats (or a forbidden
 * block) lose, one block is searched without using up depth.  Returns 1
 * with the node's score in *score, or 0 when no winning point was found. */
static int forced_reply(AiThread *ai, int depth, int alpha, int beta, int ply, int is_pv,
                        int *score)
{
    AiPos *p = &ai->pos;
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    int16_t w[BOARD_MAX_CELLS];
    int nw = ai_gen_wins(p, oi, w);
    if (nw == 0) {
        return 0;
    }
    if (nw >= 2 || ai_gen_barred(p, ci, w[0])) {
        *score = -(AI_SCORE_WIN - (ply + 2));
        return 1;
    }
    ai_pos_make(p, w[0]);
    *score = -search(ai, depth, -beta, -alpha, ply + 1, is_pv);
    ai_pos_undo(p);
    if (!ai->abort) {
        set_pv(ai, ply, w[0]);
    }
    return 1;
}

/* A small threat search (threes and fours) for the side to move at a
 * leaf that has a four to make, with AI_TUNE_LEAF_VCT nodes and the
 * thread's own table: the quiet move that let the opponent start a long
 * threat sequence is what loses games between strong players, and the
 * static evaluation cannot see it.  Off by default: its wins are real,
 * but at 50 nodes it made a depth-8 search 8 times larger and scored
 * 22 % at fixed nodes (docs/strength.md).  Returns the plies to the win,
 * or 0 (none found, off, or no table). */
static int leaf_vct(AiThread *ai)
{
    const int cap = ai->tune[AI_TUNE_LEAF_VCT];
    const int ci = (int)ai->pos.stm - 1;
    if (cap <= 0 || ai->blind_ci >= 0 || ai->pos.cnt[ci][AI_CNT_FOUR] == 0) {
        return 0;
    }
    if (ai->leaf_cache == NULL && (ai->leaf_cache = calloc(1, sizeof(AiVctCache))) == NULL) {
        return 0;
    }
    AiVct v = {.max_nodes = cap, .threes = 1, .cache = ai->leaf_cache};
    int first;
    int plies = ai_vct(&ai->pos, &v, ai->tune[AI_TUNE_LEAF_VCT_THREES], &first);
    ai->nodes += v.nodes;
    return plies;
}

/* The score of a node with no depth left: a win the side to move cannot be
 * stopped from (an open four, a double threat; a continuous-four win when
 * the leaf probe is on), else the static evaluation. */
static int leaf(AiThread *ai, int ply)
{
    AiPos *p = &ai->pos;
    const int ci = (int)p->stm - 1;
    if (ci != ai->blind_ci && ai_gen_has_open4(p, ci)) {
        return AI_SCORE_WIN - (ply + 3);
    }
    if (ai->tune[AI_TUNE_THREAT] && ai->blind_ci < 0) {
        int plies = ai_pos_threat_win(p, ci);
        if (plies > 0) {
            return AI_SCORE_WIN - (ply + plies);
        }
    }
    if (ai->tune[AI_TUNE_LEAF_VCF] > 0 && p->cnt[ci][AI_CNT_FOUR] > 0) {
        AiVcf v = {0, ai->tune[AI_TUNE_LEAF_VCF_NODES], NULL, 0, 0};
        int first;
        int plies = ai_vcf(p, &v, ai->tune[AI_TUNE_LEAF_VCF], &first);
        ai->nodes += v.nodes;
        if (plies > 0) {
            return AI_SCORE_WIN - (ply + plies);
        }
    }
    int plies = leaf_vct(ai);
    if (plies > 0) {
        return AI_SCORE_WIN - (ply + plies);
    }
    return evaluate(ai);
}

/* Four-making moves of the quiescence search, winning shapes first. */
static const int32_t QS_BONUS[AI_GEN_BONUS_N] = {4000000, 2000000, 1000000, 100000};
/* At most this many fours are tried at one quiescence node. */
#define QS_MOVES 8

static int qsearch(AiThread *ai, int alpha, int beta, int ply, int fours);

/* A quiescence node whose side to move must block the opponent's four:
 * two fours (or a forbidden block) lose, the block goes on. */
static int qsearch_block(AiThread *ai, int alpha, int beta, int ply, int fours)
{
    AiPos *p = &ai->pos;
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    int16_t w[BOARD_MAX_CELLS];
    int nw = ai_gen_wins(p, oi, w);
    if (nw >= 2 || (nw == 1 && ai_gen_barred(p, ci, w[0]))) {
        return -(AI_SCORE_WIN - (ply + 2));
    }
    if (node_aborts(ai)) {
        return 0;
    }
    ai_pos_make(p, w[0]);
    int v = -qsearch(ai, -beta, -alpha, ply + 1, fours);
    ai_pos_undo(p);
    return v;
}

/* Quiescence over fours (AI_TUNE_QS): the side to move may stand on the
 * static evaluation or play one of its fours, which the opponent must
 * block, up to fours fours a line.  Unlike a probe for a win, a four that
 * only improves the position counts, so the leaves see the fours that
 * gain a tempo.  Returns the score for the side to move. */
static int qsearch(AiThread *ai, int alpha, int beta, int ply, int fours)
{
    AiPos *p = &ai->pos;
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    ai->pv_len[ply] = 0;
    if (p->cnt[ci][AI_CNT_WIN] > 0) {
        return AI_SCORE_WIN - (ply + 1);
    }
    if (ply >= SEARCH_MAX_PLY - 2 || mate_bounds(ply, &alpha, &beta)) {
        return ply >= SEARCH_MAX_PLY - 2 ? evaluate(ai) : alpha;
    }
    if (p->cnt[oi][AI_CNT_WIN] > 0) {
        return qsearch_block(ai, alpha, beta, ply, fours);
    }
    int best = leaf(ai, ply);
    if (best >= beta || best >= AI_SCORE_WIN_THRESHOLD || fours <= 0 ||
        p->cnt[ci][AI_CNT_FOUR] == 0 || ai->blind_ci >= 0) {
        return best;
    }
    alpha = best > alpha ? best : alpha;
    int16_t cells[BOARD_MAX_CELLS];
    int n = ai_gen_attacks(p, 0, QS_BONUS, cells);
    for (int i = 0; i < n && i < QS_MOVES; i++) {
        /* Counted here, so that the leaf itself counts once, as before. */
        if (node_aborts(ai)) {
            return 0;
        }
        ai_pos_make(p, cells[i]);
        int v = -qsearch(ai, -beta, -alpha, ply + 1, fours - 1);
        ai_pos_undo(p);
        if (ai->abort) {
            return 0;
        }
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) {
                    break;
                }
            }
        }
    }
    return best;
}

/* Looks the node up in the table.  Returns 1 when the entry settles it
 * (its score in *score); else 0 with *move the hash move to search first,
 * or -1 when there is none that may be played. */
static int probe_tt(AiThread *ai, int depth, int alpha, int beta, int ply, int is_pv, int *score,
                    int *move, AiTTEntry *entry)
{
    AiPos *p = &ai->pos;
    AiTTEntry e;
    *move = -1;
    *entry = (AiTTEntry){.move = -1, .flag = AI_TT_NONE};
    if (!ai_tt_probe(ai->tt, p->hash, &e)) {
        return 0;
    }
    *entry = e;
    entry->score = score_from_tt(e.score, ply);
    if (!is_pv && e.depth >= depth) {
        int s = entry->score;
        if (e.flag == AI_TT_EXACT || (e.flag == AI_TT_LOWER && s >= beta) ||
            (e.flag == AI_TT_UPPER && s <= alpha)) {
            *score = s;
            return 1;
        }
    }
    int m = e.move;
    if (m >= 0 && m < AI_CELLS && p->cell[m] == STONE_EMPTY &&
        !ai_gen_barred(p, (int)p->stm - 1, m)) {
        *move = m;
    }
    return 0;
}

/* A node's search so far. */
typedef struct NodeState {
    int alpha, beta;
    int best, best_move;
    int searched; /* moves searched */
    int raised;   /* a move has raised alpha */
} NodeState;

/* Plies the move just made by colour index ci is extended by: a new open
 * three leaves the opponent a few defences, so such lines may cost no
 * depth, up to twice the iteration's depth from the root.  Off by default:
 * at 300 ms a move it scored 24.0% against Rapfi strength 75 where the
 * engine without it scored 26.0% (docs/strength.md), though it alone
 * found the first move of a 29-ply win that Rapfi saw. */
static int three_extension(const AiThread *ai, int ci, int had_three, int ply)
{
    const AiPos *p = &ai->pos;
    return ai->tune[AI_TUNE_THREE_EXT] && !had_three && p->cnt[ci][AI_CNT_OPEN4] > 0 &&
           ply < 2 * ai->root_depth;
}

/* Searches move c, the node's idx-th (from 0): the first with the full
 * window, the rest with a null window, reduced when late and quiet and
 * searched again when they beat alpha.  Returns the score for the side to
 * move (meaningless when the search aborted). */
static int search_move(AiThread *ai, const NodeState *st, AiCand c, int idx, int quiet, int depth,
                       int ply, int is_pv)
{
    const int alpha = st->alpha, beta = st->beta;
    AiPos *p = &ai->pos;
    const int ci = (int)p->stm - 1;
    const int had_three = p->cnt[ci][AI_CNT_OPEN4] > 0;
    if (depth > 1) { /* below, the child is a leaf: no table there */
        ai_tt_prefetch(ai->tt, ai_pos_hash_after(p, c.cell));
    }
    ai_pos_make(p, c.cell);
    const int d = depth - 1 + three_extension(ai, ci, had_three, ply);
    int v;
    if (idx == 0) {
        v = -search(ai, d, -beta, -alpha, ply + 1, is_pv);
    } else {
        int r = d < depth && quiet
                    ? ai_order_reduction(ai, depth, idx, quiet) +
                          ai_order_extra_reduction(ai, st->raised, c.score, depth, is_pv)
                    : 0;
        v = -search(ai, d - r, -alpha - 1, -alpha, ply + 1, 0);
        if (v > alpha && r > 0) {
            v = -search(ai, d, -alpha - 1, -alpha, ply + 1, 0);
        }
        if (v > alpha && v < beta && is_pv) {
            v = -search(ai, d, -beta, -alpha, ply + 1, 1);
        }
    }
    ai_pos_undo(p);
    return v;
}

/* Takes score v of move m into st.  Returns nonzero on a cutoff. */
static int take_score(AiThread *ai, NodeState *st, int m, int v, int ply)
{
    if (v <= st->best) {
        return 0;
    }
    st->best = v;
    st->best_move = m;
    if (v <= st->alpha) {
        return 0;
    }
    st->alpha = v;
    st->raised = 1;
    set_pv(ai, ply, m);
    return v >= st->beta;
}

/* Ordering scores below this are quiet moves (ai_movegen.c: an own four
 * scores 2 500 and up, a block of the opponent's three point 2 700). */
#define QUIET_BELOW 2500

/* The line below which a move is quiet, to be reduced and pruned.
 * AI_TUNE_QUIET_MORE raises it (blocks of the opponent's three points
 * become quiet) in freestyle and exact-k; renju keeps the narrow line:
 * there the wider one scored 30.0 % against Rapfi strength 75 where the
 * narrow one scored 42.5 % and 37.5 %, on the same 40 openings
 * (docs/strength.md, issue 28, seventh session). */
static int quiet_line(const AiThread *ai)
{
    const int more = ai->pos.pt->rules.kind == RULE_RENJU ? 0 : ai->tune[AI_TUNE_QUIET_MORE];
    return QUIET_BELOW + more;
}

/* Quiet moves searched at depth 1..3 before the rest are pruned, and the
 * margin by which the static evaluation must miss alpha for a quiet move
 * to be skipped at once; AI_TUNE_PRUNE_COUNT and AI_TUNE_PRUNE_GAP
 * scale them (percent).  With the network, two thirds of the counts
 * (Rapfi's 4, 6, 9) and 60 % of the margins each played even with these
 * at fixed nodes (docs/strength.md, eleventh session). */
static const int PRUNE_COUNT[4] = {0, 6, 9, 14};
static const int PRUNE_MARGIN[4] = {0, 250, 500, 900};

/* Rapfi's move counts past which it prunes, 3 + depth^1.32, for depth 4
 * to 12 (AI_TUNE_LMP_DEEP scales them; deeper nodes use the last). */
static const int DEEP_COUNT[13] = {0, 0, 0, 0, 9, 11, 13, 16, 18, 21, 23, 26, 29};

/* Whether a quiet move, the idx-th searched at a non-PV node of depth in
 * an ordinary position (no threat to answer) whose static evaluation is
 * se, can be left out. */
static int prunable(const AiThread *ai, const NodeState *st, int depth, int idx, int se)
{
    if (st->best <= -AI_SCORE_WIN_THRESHOLD) {
        return 0;
    }
    if (depth > 3) {
        const int pct = ai->tune[AI_TUNE_LMP_DEEP];
        return pct > 0 && idx * 100 >= pct * DEEP_COUNT[depth < 12 ? depth : 12];
    }
    return idx * 100 >= PRUNE_COUNT[depth] * ai->tune[AI_TUNE_PRUNE_COUNT] ||
           se + PRUNE_MARGIN[depth] * ai->tune[AI_TUNE_PRUNE_GAP] / 100 <= st->alpha;
}

/* Searches the generated moves of a node after its hash move tt_move, best
 * ordered first, until a cutoff or the breadth limit; se is the node's
 * static evaluation if already taken, else NO_EVAL.  Returns 0, or 1
 * when there were no moves at all (nothing searched), or -1 on abort. */
static int search_moves(AiThread *ai, NodeState *st, int tt_move, int depth, int ply, int is_pv,
                        int se)
{
    AiPos *p = &ai->pos;
    const int ci = (int)p->stm - 1;
    AiCand *c = ai->cand[ply];
    int kind;
    int n = ai_gen_moves(p, ai->blind_ci, ai->tune[AI_TUNE_COMBO_ANSWER], c, &kind);
    if (n == 0 && st->searched == 0) {
        return 1;
    }
    ai_order_moves(ai, c, n, ply, ci);
    int limit = n;
    if ((kind == AI_GEN_NORMAL || ai->strict_breadth) && limit > ai->breadth) {
        limit = ai->breadth;
    }
    const int prune = ai->tune[AI_TUNE_PRUNE] && !is_pv && kind == AI_GEN_NORMAL &&
                      (depth <= 3 || ai->tune[AI_TUNE_LMP_DEEP] > 0) && ai->blind_ci < 0;
    if (prune && depth <= 3 && se == NO_EVAL) {
        se = evaluate(ai);
    }
    const int line = quiet_line(ai);
    for (int i = 0; i < n; i++) {
        /* Past the breadth cut only while everything so far loses, so a
         * loss is not claimed just because the defence was cut off. */
        if (st->searched >= limit && (ai->strict_breadth || st->best > -AI_SCORE_WIN_THRESHOLD)) {
            break;
        }
        ai_pvs_pick_best(c, i, n);
        const int m = c[i].cell;
        if (m == tt_move) {
            continue;
        }
        const int quiet = c[i].score < line;
        /* The moves still to come score no higher, so they are quiet and
         * prunable too: stop rather than pick each of them first. */
        if (prune && quiet && st->searched > 0 && prunable(ai, st, depth, st->searched, se)) {
            break;
        }
        int v = search_move(ai, st, c[i], st->searched++, quiet, depth, ply, is_pv);
        if (ai->abort) {
            return -1;
        }
        if (take_score(ai, st, m, v, ply)) {
            ai_order_note_cutoff(ai, ply, ci, m, depth, c[i].score < QUIET_BELOW);
            break;
        }
    }
    return 0;
}

/* Static futility at a non-PV node: when the static evaluation beats beta
 * by a margin that grows with the depth left, the node is taken to fail
 * high unsearched (what Rapfi calls futility pruning of a child node).
 * Freestyle five with the fitted evaluation only, on boards up to
 * RFP_MAX_SIZE: the margin is in its units, other win lengths were not
 * measured with it, and in renju (seventh round) and on 20x20 (eighth
 * round) it lost games against Rapfi (docs/strength.md).  Returns 1
 * with the node's score in *score when it is settled; the static
 * evaluation, when it was taken, is left in *se for the node's pruning. */
static int static_futility(AiThread *ai, int depth, int beta, int is_pv, int *score, int *se)
{
    const AiPatTable *pt = ai->pos.pt;
    const int per_ply = ai->tune[AI_TUNE_RFP];
    if (per_ply <= 0 || is_pv || !pt->fitted || pt->rules.kind != RULE_FREESTYLE ||
        ai->pos.size > RFP_MAX_SIZE || ai->blind_ci >= 0 || beta >= AI_SCORE_WIN_THRESHOLD ||
        beta <= -AI_SCORE_WIN_THRESHOLD) {
        return 0;
    }
    *se = evaluate(ai);
    if (*se - per_ply * depth < beta) {
        return 0;
    }
    *score = *se;
    return 1;
}

/* Fail-high reduction (an experiment, off by default; Rapfi's, which it
 * credits with about 50 Elo): a non-PV node whose static evaluation beats
 * beta by AI_TUNE_FHR a ply of depth left will most likely fail high, so
 * it is searched a ply shallower.  Unlike static futility it still
 * searches, so a threat the evaluation misses can still refute it.  Takes
 * the static evaluation into *se when it is not there yet.  Returns the
 * plies to take off. */
static int fail_high_reduction(AiThread *ai, int depth, int beta, int is_pv, int *se)
{
    const int per_ply = ai->tune[AI_TUNE_FHR];
    if (per_ply <= 0 || is_pv || depth < 2 || ai->blind_ci >= 0 || beta >= AI_SCORE_WIN_THRESHOLD ||
        beta <= -AI_SCORE_WIN_THRESHOLD) {
        return 0;
    }
    if (*se == NO_EVAL) {
        *se = evaluate(ai);
    }
    return *se >= beta + per_ply * depth;
}

/* Razoring (an experiment, off by default; Rapfi's, with a VCF search
 * where this takes the leaf's value): a non-PV node one or two plies from
 * the leaves whose static evaluation misses alpha by AI_TUNE_RAZOR a ply
 * is settled by its leaf value (a forced win of the side to move, else
 * the evaluation) when that misses alpha too.  Takes the static
 * evaluation into *se.  Returns 1 with the node's score in *score. */
static int razor(AiThread *ai, int depth, int alpha, int ply, int is_pv, int *score, int *se)
{
    const int per_ply = ai->tune[AI_TUNE_RAZOR];
    if (per_ply <= 0 || is_pv || depth > 2 || ai->blind_ci >= 0 ||
        alpha >= AI_SCORE_WIN_THRESHOLD || alpha <= -AI_SCORE_WIN_THRESHOLD) {
        return 0;
    }
    if (*se == NO_EVAL) {
        *se = evaluate(ai);
    }
    if (*se + per_ply * depth >= alpha) {
        return 0;
    }
    int v = leaf(ai, ply);
    if (v >= alpha) {
        return 0;
    }
    *score = v;
    return 1;
}

/* What a node decides before its moves: whether its static evaluation
 * settles it (static futility, razoring; returns 1 with the score in
 * *score), and by how much its *depth is cut (fail-high and internal
 * iterative reductions).  The static evaluation, when taken, is left in
 * *se for the moves' pruning. */
static int settle_early(AiThread *ai, int *depth, int alpha, int beta, int ply, int is_pv,
                        int tt_move, int *score, int *se)
{
    if (static_futility(ai, *depth, beta, is_pv, score, se) ||
        razor(ai, *depth, alpha, ply, is_pv, score, se)) {
        return 1;
    }
    *depth -= fail_high_reduction(ai, *depth, beta, is_pv, se);
    /* Internal iterative reduction (an experiment, off by default): a deep
     * node the table knows nothing of is seldom on the line that matters. */
    if (tt_move < 0 && ai->tune[AI_TUNE_IIR] > 0 && *depth >= ai->tune[AI_TUNE_IIR]) {
        (*depth)--;
    }
    return 0;
}

/* Singular extension (AI_TUNE_SE, Rapfi's and the chess engines'): when
 * the hash move failed high at nearly this depth, the other moves are
 * searched half as deep against its score less a margin.  If none reaches
 * it, the hash move is the node's only good move, the line a forced one
 * whose end the search should see: it gets a ply more (*ext = 1).  If one
 * does and that already beats beta, two moves refute the parent's move
 * and the node fails high at once (multi-cut): returns 1 with the score
 * in *score.  Else returns 0.  Only where the network evaluates (its
 * margin is in the network's scaled units, and that is where games
 * measured it: 27.2 % against full-strength Rapfi at 1 s where the
 * search without it scored 19.0 %, on the same 300 games;
 * docs/strength.md, issue 28, sixteenth session). */
static int singular(AiThread *ai, const AiTTEntry *te, int tt_move, int depth, int beta, int ply,
                    int se, int *score, int *ext)
{
    const int min_depth = ai->tune[AI_TUNE_SE];
    *ext = 0;
    if (min_depth <= 0 || depth < min_depth || !ai->net || ai->blind_ci >= 0 ||
        ply >= 2 * ai->root_depth || (te->flag != AI_TT_LOWER && te->flag != AI_TT_EXACT) ||
        te->depth < depth - 3 || te->score >= AI_SCORE_WIN_THRESHOLD ||
        te->score <= -AI_SCORE_WIN_THRESHOLD) {
        return 0;
    }
    const int sbeta = te->score - ai->tune[AI_TUNE_SE_MARGIN] * depth;
    NodeState st = {sbeta - 1, sbeta, -INF_SCORE, -1, 0, 0};
    int rc = search_moves(ai, &st, tt_move, depth / 2, ply, 0, se);
    ai->pv_len[ply] = 0;
    if (rc < 0) {
        return 0;
    }
    if (st.best < sbeta) {
        *ext = 1;
        return 0;
    }
    if (sbeta >= beta) {
        *score = sbeta;
        return 1;
    }
    return 0;
}

/* The hash move first (te its entry): when it cuts off, no generation is
 * needed.  Returns 1 when the node is settled (its score in st->best),
 * -1 on abort, else 0 with the move taken into st. */
static int search_tt_move(AiThread *ai, NodeState *st, const AiTTEntry *te, int tt_move, int depth,
                          int ply, int is_pv, int se)
{
    int ext;
    if (singular(ai, te, tt_move, depth, st->beta, ply, se, &st->best, &ext)) {
        return 1;
    }
    if (ai->abort) {
        return -1;
    }
    int v =
        search_move(ai, st, (AiCand){(int16_t)tt_move, INT32_MAX}, 0, 0, depth + ext, ply, is_pv);
    if (ai->abort) {
        return -1;
    }
    st->searched = 1;
    if (take_score(ai, st, tt_move, v, ply)) {
        ai_tt_store(ai->tt, ai->pos.hash, score_to_tt(st->best, ply), tt_move, depth, AI_TT_LOWER);
        return 1;
    }
    return 0;
}

static int search(AiThread *ai, int depth, int alpha, int beta, int ply, int is_pv)
{
    AiPos *p = &ai->pos;
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    int score, tt_move;

    ai->pv_len[ply] = 0;
    if (node_aborts(ai)) {
        return 0;
    }
    if (p->cnt[ci][AI_CNT_WIN] > 0) {
        return AI_SCORE_WIN - (ply + 1);
    }
    if (p->board.count >= p->size * p->size) {
        return 0;
    }
    if (ply >= SEARCH_MAX_PLY - 2) {
        return evaluate(ai);
    }
    if (mate_bounds(ply, &alpha, &beta)) {
        return alpha;
    }
    if (p->cnt[oi][AI_CNT_WIN] > 0 && forced_reply(ai, depth, alpha, beta, ply, is_pv, &score)) {
        return score;
    }
    if (depth <= 0) {
        return ai->tune[AI_TUNE_QS] > 0 ? qsearch(ai, alpha, beta, ply, ai->tune[AI_TUNE_QS])
                                        : leaf(ai, ply);
    }
    AiTTEntry te;
    if (probe_tt(ai, depth, alpha, beta, ply, is_pv, &score, &tt_move, &te)) {
        return score;
    }
    int se = NO_EVAL;
    if (settle_early(ai, &depth, alpha, beta, ply, is_pv, tt_move, &score, &se)) {
        return score;
    }

    NodeState st = {alpha, beta, -INF_SCORE, -1, 0, 0};
    if (tt_move >= 0) {
        int rc = search_tt_move(ai, &st, &te, tt_move, depth, ply, is_pv, se);
        if (rc != 0) {
            return rc > 0 ? st.best : 0;
        }
    }
    int rc = search_moves(ai, &st, tt_move, depth, ply, is_pv, se);
    if (rc != 0) {
        return rc > 0 ? evaluate(ai) : 0;
    }
    if (st.searched > ai->widest) {
        ai->widest = st.searched;
    }
    int flag = st.best >= beta ? AI_TT_LOWER : (st.best > alpha ? AI_TT_EXACT : AI_TT_UPPER);
    ai_tt_store(ai->tt, p->hash, score_to_tt(st.best, ply), st.best_move, depth, flag);
    return st.best;
}

/* Searches the root moves at depth in the window (alpha, beta); returns
 * the best score and its index in *best_idx (-1 when aborted before the
 * first move finished). */
static int root_window(AiThread *ai, int nroot, int depth, int alpha, int beta, int *best_idx)
{
    AiPos *p = &ai->pos;
    int best = -INF_SCORE;
    *best_idx = -1;
    ai->pv_len[0] = 0;
    for (int i = 0; i < nroot; i++) {
        const int m = ai->root[i].cell;
        ai_pos_make(p, m);
        int v;
        if (i == 0) {
            v = -search(ai, depth - 1, -beta, -alpha, 1, 1);
        } else {
            v = -search(ai, depth - 1, -alpha - 1, -alpha, 1, 0);
            if (v > alpha && !ai->abort) {
                v = -search(ai, depth - 1, -beta, -alpha, 1, 1);
            }
        }
        ai_pos_undo(p);
        if (ai->abort) {
            break;
        }
        ai->root_val[i] = v;
        /* Past the first move only a score above alpha is one: in an
         * aspiration window that failed low, every score is a bound. */
        if (v > best && (i == 0 || v > alpha)) {
            best = v;
            *best_idx = i;
            set_pv(ai, 0, m);
            if (v > alpha) {
                alpha = v;
            }
            if (v >= beta) {
                break; /* only an aspiration window has a beta to beat */
            }
        }
    }
    return best;
}

/* Puts v into the k best exact scores so far (best first; *n of them). */
static void keep_exact(int *exact, int *n, int k, int v)
{
    int i = *n < k ? (*n)++ : k - 1;
    while (i > 0 && exact[i - 1] < v) {
        exact[i] = exact[i - 1];
        i--;
    }
    exact[i] = v;
}

/* The root with multi_pv moves scored exactly: a move is searched in full
 * until multi_pv moves have exact scores, then with a null window at the
 * worst of those and again, from there up, only when it beats it.  Same
 * contract as root_window with a full window. */
static int root_multi(AiThread *ai, int nroot, int depth, int *best_idx)
{
    AiPos *p = &ai->pos;
    const int k = ai->multi_pv;
    int exact[AI_MAX_ROOT], nexact = 0;
    int best = -INF_SCORE;
    *best_idx = -1;
    ai->pv_len[0] = 0;
    for (int i = 0; i < nroot; i++) {
        const int m = ai->root[i].cell;
        const int floor = nexact < k ? -INF_SCORE : exact[k - 1];
        ai_pos_make(p, m);
        int v;
        if (floor == -INF_SCORE) {
            v = -search(ai, depth - 1, -INF_SCORE, INF_SCORE, 1, 1);
        } else {
            v = -search(ai, depth - 1, -floor - 1, -floor, 1, 0);
            if (v > floor && !ai->abort) {
                v = -search(ai, depth - 1, -INF_SCORE, -floor, 1, 1);
            }
        }
        ai_pos_undo(p);
        if (ai->abort) {
            break;
        }
        ai->root_val[i] = v;
        if (v > floor) {
            keep_exact(exact, &nexact, k, v);
        }
        if (v > best) {
            best = v;
            *best_idx = i;
            set_pv(ai, 0, m);
        }
    }
    return best;
}

int ai_pvs_root(AiThread *ai, int nroot, int depth, int *best_idx)
{
    ai->root_depth = depth;
    ai->root_ci = (int)ai->pos.stm - 1;
    if (ai->multi_pv > 1) {
        return root_multi(ai, nroot, depth, best_idx);
    }
    const int w = ai->tune[AI_TUNE_ASP];
    const int prev = ai->asp_score;
    int score;
    if (w > 0 && depth >= 5 && ai->asp_depth == depth - 1 && prev < AI_SCORE_WIN_THRESHOLD &&
        prev > -AI_SCORE_WIN_THRESHOLD) {
        score = root_window(ai, nroot, depth, prev - w, prev + w, best_idx);
        if (ai->abort || (score > prev - w && score < prev + w)) {
            ai->asp_depth = ai->abort ? 0 : depth;
            ai->asp_score = score;
            return score;
        }
    }
    score = root_window(ai, nroot, depth, -INF_SCORE, INF_SCORE, best_idx);
    ai->asp_depth = ai->abort ? 0 : depth;
    ai->asp_score = score;
    return score;
}
