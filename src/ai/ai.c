/*
 * ai.c - the engine's public face and the root of a search: the Ai's life,
 * the hard rules checked first with the core's definitions (win now, block
 * the opponent's win), the limits, the root moves, the threat phases
 * (ai_root.c), then iterative deepening under the time and node budgets
 * over the alpha-beta search (ai_pvs.c), with helper threads (ai_smp.c)
 * sharing the table.
 *
 * The table, history and threat-failure cache persist across searches
 * (the table ages entries by generation); ai_clear empties them, so with
 * one thread and no time limit or cancel the answer is a function of the
 * request and the searches since the last ai_clear.  Positions are hashed
 * with a salt of the rules and board size, so what was learned under other
 * rules never misleads.
 */
#define _POSIX_C_SOURCE 200809L
#include "ai_internal.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ai_clock.h"
#include "ai_net.h"

/* Leaf VCF probes were measured to cost about three plies of depth in 1 s
 * for no gain in self-play, so they start switched off.  Late move
 * reductions are the strong kind (2): with the brain's time management
 * they scored 71% against the engine before issue 12 (docs/strength.md);
 * a still stronger kind scored no better.  The evaluation is the one fitted
 * to Rapfi's evaluations with point shapes (AI_TUNE_EVAL_FIT 2) where it
 * exists, freestyle five and renju; it beat the hand-set one against
 * Rapfi at 150 ms, 300 ms and 1 s a move.  The tables fitted on game outcomes (1) played no
 * better than the hand-set ones.  The tempo bonus applies to the hand-set
 * weights only.  Static futility (RFP_PER_PLY, ai_pvs.c) searched two to
 * three plies deeper in a second and scored 57 % against the engine
 * without it in freestyle on 15x15 (docs/strength.md, seventh round);
 * larger boards play without it (RFP_MAX_SIZE, eighth round).  Moves
 * ordered below 3 000 (blocks of the opponent's three points, own fours
 * with little else) are quiet, reduced and pruned like the rest
 * (QUIET_MORE 500; not in renju, ai_pvs.c), and half the point-code
 * weights fitted to Rapfi are added to the evaluation (PCODE 50):
 * together they scored 47.9 % against Rapfi's strength 75 at 1 s, against
 * 41.3 % without (400 games each; issue 28, sixth and seventh sessions).
 * There, freestyle five up to 15x15, the network over pattern counts
 * (ai_net.h) evaluates instead, at a third of its scale (NET 1,
 * NET_SCALE 33): it scored 63.0 % against strength 75 at 1 s on openings
 * it never saw, where the tables scored 49.0 % (200 games each; issue 28,
 * tenth session); refitted on twice the labels it scored 22.0 % against
 * full strength where it had scored 11.5 % (100 games each, eleventh).
 * With the network the search extends singular hash moves (SE 5,
 * SE_MARGIN 3, ai_pvs.c): 27.2 % against full strength where it had
 * scored 19.0 % (the same 300 games, sixteenth session). */
// clang-format off
static const int TUNE_DEFAULTS[AI_TUNE_COUNT] = {
    0, 200, DEFAULT_BREADTH, 2, 25, 1, 1, 1, 1, 35,
    0, 2, RFP_PER_PLY, 0, 0, 15, 0, 2, 0, 2,
    [AI_TUNE_QUIET_MORE] = 500, [AI_TUNE_PCODE] = 50, [AI_TUNE_NET] = 1,
    [AI_TUNE_NET_SCALE] = 33, [AI_TUNE_PRUNE_COUNT] = 100, [AI_TUNE_PRUNE_GAP] = 100,
    [AI_TUNE_SE] = 5, [AI_TUNE_SE_MARGIN] = 3};
// clang-format on

int ai_tune_set(Ai *ai, AiTune knob, int value)
{
    if (ai == NULL || (int)knob < 0 || knob >= AI_TUNE_COUNT) {
        return 0;
    }
    int old = ai->tune[knob];
    ai->tune[knob] = value;
    return old;
}

Ai *ai_new(size_t tt_bytes)
{
    Ai *ai = calloc(1, sizeof *ai);
    if (ai == NULL) {
        return NULL;
    }
    ai->worker[0] = calloc(1, sizeof(AiThread));
    ai->vct_cache = calloc(1, sizeof(AiVctCache));
    ai->vcf_cache = calloc(1, sizeof(AiVctCache));
    if (ai->worker[0] == NULL || ai->vct_cache == NULL || ai->vcf_cache == NULL ||
        ai_tt_init(&ai->tt, tt_bytes ? tt_bytes : DEFAULT_TT_BYTES) != 0) {
        free(ai->worker[0]);
        free(ai->vct_cache);
        free(ai->vcf_cache);
        free(ai);
        return NULL;
    }
    atomic_init(&ai->stop, 0);
    ai->empty_pos = calloc(1, sizeof *ai->empty_pos); /* optional: a speed-up only */
    ai_pat_init(&ai->pat);
    memcpy(ai->tune, TUNE_DEFAULTS, sizeof ai->tune);
    ai_pos_fill_keys(ai->zobrist, sizeof ai->zobrist / sizeof ai->zobrist[0], AI_POS_KEY_SEED);
    return ai;
}

void ai_free(Ai *ai)
{
    if (ai == NULL) {
        return;
    }
    for (int i = 0; i < AI_MAX_THREADS; i++) {
        if (ai->worker[i] != NULL) {
            free(ai->worker[i]->leaf_cache);
        }
        free(ai->worker[i]);
    }
    ai_tt_free(&ai->tt);
    ai_pat_free(&ai->pat);
    free(ai->vct_cache);
    free(ai->vcf_cache);
    free(ai->empty_pos);
    free(ai);
}

void ai_clear(Ai *ai)
{
    if (ai == NULL) {
        return;
    }
    ai_tt_clear(&ai->tt);
    ai_vct_cache_clear(ai->vct_cache);
    ai_vct_cache_clear(ai->vcf_cache);
    for (int i = 0; i < AI_MAX_THREADS; i++) {
        if (ai->worker[i] != NULL) {
            memset(ai->worker[i]->history, 0, sizeof ai->worker[i]->history);
            if (ai->worker[i]->leaf_cache != NULL) {
                ai_vct_cache_clear(ai->worker[i]->leaf_cache);
            }
        }
    }
}

/* Mixed into every position hash, so that positions under other rules or
 * on another board size never share table entries. */
static uint64_t rules_salt(Rules r, int size)
{
    uint64_t s = ((uint64_t)r.kind << 16 | (uint64_t)r.k << 8 | (uint64_t)size) + 1;
    return ai_pos_splitmix(&s);
}

/* Whether knobs tune add the point codes on a size x size board: they
 * were fitted on 15x15 only, as static futility was. */
static int uses_pcodes(const int *tune, int size)
{
    return tune[AI_TUNE_EVAL_FIT] == 2 && size <= RFP_MAX_SIZE;
}

/* Whether knobs tune evaluate by the network (ai_net.h) under rules r on
 * a size x size board: where the point codes apply, freestyle five. */
static int uses_net(const int *tune, Rules r, int size)
{
    return uses_pcodes(tune, size) && tune[AI_TUNE_NET] && r.kind == RULE_FREESTYLE && r.k == 5;
}

int ai_default_net(Rules r, int size)
{
    return uses_net(TUNE_DEFAULTS, r, size);
}

/* Loads req's position into ai->pos (salted hash); when the rules or the
 * board size changed since the last search, the history means nothing
 * any more and is dropped; otherwise it is aged.  Returns 0 or -1. */
static int setup_pos(Ai *eng, AiThread *ai, const AiRequest *req)
{
    if (ai_pat_build(&eng->pat, req->rules) != 0) {
        return -1;
    }
    const int plain = req->limits.plain_eval != 0;
    ai_pat_set_eval(&eng->pat, plain ? 0 : eng->tune[AI_TUNE_EVAL_FIT],
                    plain ? NULL : &eng->tune[AI_TUNE_LINE_OWN]);
    const int pcodes = !plain && uses_pcodes(eng->tune, req->board.size);
    ai->net = !plain && uses_net(eng->tune, req->rules, req->board.size) && ai_net_fits(&eng->pat);
    /* The network reads none of the tables' totals, so neither they nor
     * the point codes' weights (most of a move's cost besides the counts)
     * are kept, but for a search that may go blind (maybe_blind) and
     * evaluate by them. */
    const int pc_pct = ai_pat_pcode_pct(req->rules, pcodes ? eng->tune[AI_TUNE_PCODE] : 0);
    ai_pat_set_pcodes(&eng->pat, ai->net && req->limits.miss_three_pct <= 0 ? 0 : pc_pct);
    ai_pat_set_counts(&eng->pat, ai->net);
    ai_pat_set_totals(&eng->pat, !ai->net || req->limits.miss_three_pct > 0);
    if (ai_pos_setup_cached(&ai->pos, eng->empty_pos, &eng->pat, eng->zobrist, &req->board,
                            req->to_move) != 0) {
        return -1;
    }
    /* Scores of one evaluation must not answer searches with the other. */
    uint64_t salt = rules_salt(req->rules, req->board.size) ^ (plain ? 0x9e3779b97f4a7c15ull : 0) ^
                    (uint64_t)pc_pct * 0xc2b2ae3d27d4eb4full ^
                    (uint64_t)ai->net * 0x165667b19e3779f9ull;
    ai->pos.hash ^= salt;
    if (salt != eng->last_salt) {
        memset(ai->history, 0, sizeof ai->history);
        eng->last_salt = salt;
    } else {
        for (int i = 0; i < AI_CELLS; i++) {
            ai->history[0][i] /= 4;
            ai->history[1][i] /= 4;
        }
    }
    return 0;
}

/* Prepares worker 0 for a search of req (limits not yet applied). */
static void worker_start(Ai *eng, AiThread *ai, const AiRequest *req)
{
    ai->tt = &eng->tt;
    ai->stop = &eng->stop;
    atomic_store(&eng->stop, 0);
    memcpy(ai->tune, eng->tune, sizeof ai->tune);
    ai->id = 0;
    ai->max_nodes = 0;
    ai->deadline_us = 0;
    ai->start_us = ai_clock_us();
    ai->nodes = 0;
    ai->next_check = CHECK_MASK + 1;
    ai->abort = 0;
    ai->blind_ci = -1;
    ai->ntop = 0;
    ai->cancel = req->cancel;
}

/* What every search does first: clear the answer, check the request,
 * prepare worker 0.  Returns worker 0, or NULL for a bad request. */
static AiThread *begin(Ai *eng, const AiRequest *req, AiInfo *out)
{
    if (out == NULL) {
        return NULL;
    }
    memset(out, 0, sizeof *out);
    out->best = MOVE_NONE;
    if (eng == NULL || req == NULL || !ai_root_request_valid(req)) {
        return NULL;
    }
    if (req->limits.fresh) {
        ai_clear(eng);
    }
    AiThread *ai = eng->worker[0];
    worker_start(eng, ai, req);
    return ai;
}

int ai_threat_search(Ai *eng, const AiRequest *req, int max_plies, AiInfo *out)
{
    AiThread *ai = begin(eng, req, out);
    if (ai == NULL) {
        return -1;
    }
    if (setup_pos(eng, ai, req) != 0) {
        return -1;
    }
    if (max_plies <= 0 || max_plies >= AI_MAX_PV) {
        max_plies = AI_MAX_PV - 1;
    }
    int attacks = (max_plies + 1) / 2;
    int64_t cap = req->limits.max_nodes > 0 ? req->limits.max_nodes : 0;
    int64_t deadline =
        req->limits.time_ms > 0 ? ai->start_us + (int64_t)req->limits.time_ms * 1000 : 0;
    int16_t line[AI_MAX_PV];
    int len = 0;
    for (int threes = 0; threes <= 1 && len == 0 && !ai->abort; threes++) {
        len = ai_root_threat_line(eng, ai, threes, attacks,
                                  cap > 0 ? (cap > ai->nodes ? cap - ai->nodes : 1) : 0, deadline,
                                  line);
    }
    if (len <= 0 || len > max_plies || !ai_root_proof_ok(&ai->pos, req, line, len)) {
        out->nodes = ai->nodes;
        out->time_ms = (int)ai_root_elapsed_ms(ai);
        return 0;
    }
    AiRequest quiet = *req;
    quiet.on_info = NULL;
    ai_root_answer_line(ai, &quiet, out, line, len);
    return 1;
}

/* The hard rules, with the core's own definitions: win now, else block the
 * opponent's win.  Writes the answer and returns 1 when they decide the
 * move (*rc: ai_search's result), else returns 0; *fallback gets the legal
 * move nearest the centre. */
static int hard_rules(AiThread *ai, const AiRequest *req, AiInfo *out, Move *fallback, int *rc)
{
    const Board *b = &req->board;
    const Rules r = req->rules;
    const Stone me = req->to_move, opp = stone_opponent(me);
    const int n = b->size;
    Move block = MOVE_NONE, win = MOVE_NONE;
    int threats = 0, win_d = 1 << 30;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (board_get(b, x, y) != STONE_EMPTY) {
                continue;
            }
            if (rules_wins_if_played(b, r, m, me) && ai_root_legal(req, m)) {
                /* Several wins (k = 1 has one everywhere): the most central. */
                int dx = 2 * x - (n - 1), dy = 2 * y - (n - 1);
                if (dx * dx + dy * dy < win_d) {
                    win = m;
                    win_d = dx * dx + dy * dy;
                }
                continue;
            }
            if (rules_wins_if_played(b, r, m, opp)) {
                threats++;
                if (!move_is_valid(block) && ai_root_legal(req, m)) {
                    block = m;
                }
            }
        }
    }
    *rc = 0;
    if (move_is_valid(win)) {
        return ai_root_answer(ai, req, out, win, AI_SCORE_WIN - 1), 1;
    }
    *fallback = ai_root_fallback(req);
    if (!move_is_valid(*fallback)) {
        *rc = -1;
        return 1;
    }
    if (threats >= 2 && move_is_valid(block)) {
        return ai_root_answer(ai, req, out, block, -(AI_SCORE_WIN - 2)), 1;
    }
    if (threats == 1 && move_is_valid(block)) {
        return ai_root_answer(ai, req, out, block, 0), 1;
    }
    if (threats > 0) {
        /* Renju black cannot block: lost, any legal move will do. */
        return ai_root_answer(ai, req, out, *fallback, -(AI_SCORE_WIN - 2)), 1;
    }
    return 0;
}

/* Applies req's budget to worker 0 and starts a new table generation.
 * Returns the deepest iteration allowed. */
static int apply_limits(Ai *eng, AiThread *ai, const AiLimits *lim)
{
    int max_depth =
        lim->max_depth < 1 ? 1 : (lim->max_depth > AI_MAX_DEPTH ? AI_MAX_DEPTH : lim->max_depth);
    ai->max_nodes = lim->max_nodes > 0 ? lim->max_nodes : 0;
    ai->deadline_us = lim->time_ms > 0 ? ai->start_us + (int64_t)lim->time_ms * 1000 : 0;
    ai->breadth = lim->breadth > 0 ? lim->breadth : ai->tune[AI_TUNE_BREADTH];
    if (ai->breadth <= 0) {
        ai->breadth = BOARD_MAX_CELLS;
    }
    ai->strict_breadth = lim->strict_breadth && lim->breadth > 0;
    ai->multi_pv = lim->multi_pv < 1             ? 1
                   : lim->multi_pv > AI_MAX_ROOT ? AI_MAX_ROOT
                                                 : lim->multi_pv;
    ai->widest = 0;
    ai_tt_new_search(&eng->tt);
    memset(ai->killer, 0xff, sizeof ai->killer);
    memset(ai->counter, 0xff, sizeof ai->counter);
    return max_depth;
}

/* The weaker presets' imperfection: with miss_three_pct percent, this
 * search overlooks the opponent's open threes. */
static void maybe_blind(AiThread *ai, const AiLimits *lim, Stone opp)
{
    AiPos *p = &ai->pos;
    if (lim->miss_three_pct <= 0) {
        return;
    }
    uint64_t s = p->hash ^ ((uint64_t)lim->seed << 32 | lim->seed);
    if ((int)(ai_pos_splitmix(&s) % 100) < lim->miss_three_pct) {
        ai->blind_ci = (int)opp - 1;
        /* What a blind search concludes must not pass for the truth in
         * later searches (the table persists), nor the reverse. */
        p->hash ^= 0xB11DB11DB11DB11Dull;
    }
}

/* The root moves, checked against the core's legality and ordered best
 * first, cut to the breadth (plus a few); returns how many. */
static int root_moves(AiThread *ai, const AiRequest *req, Move fallback)
{
    AiPos *p = &ai->pos;
    int kind;
    int nroot = ai_gen_moves(p, ai->blind_ci, 0, ai->root, &kind);
    int k = 0;
    for (int i = 0; i < nroot; i++) {
        if (ai_root_legal(req, ai_root_move(p, ai->root[i].cell))) {
            ai->root[k++] = ai->root[i];
        }
    }
    nroot = k;
    if (nroot == 0) {
        ai->root[0].cell = (int16_t)ai_pos_index(p, fallback.x, fallback.y);
        ai->root[0].score = 0;
        nroot = 1;
    }
    for (int i = 0; i < nroot; i++) {
        ai_pvs_pick_best(ai->root, i, nroot);
    }
    int cap = ai->strict_breadth ? ai->breadth : ai->breadth + 4;
    if ((kind == AI_GEN_NORMAL || ai->strict_breadth) && nroot > cap) {
        nroot = cap;
    }
    return nroot;
}

/* A forced win by fours, then by threes, ends the question at once.
 * Returns the proof's length (in line) or 0. */
static int threat_phase(Ai *eng, AiThread *ai, const AiRequest *req, int max_depth, int16_t *line)
{
    int time_ms = req->limits.time_ms;
    int vcf_fours = max_depth >= 8 ? 16 : (max_depth >= 4 ? max_depth : 0);
    if (vcf_fours == 0) {
        return 0;
    }
    const int pct = ai->tune[AI_TUNE_PHASE_TIME];
    int len = ai_root_threat_line(eng, ai, 0, vcf_fours, ai_root_phase_cap(ai, 4, 200000),
                                  ai_root_deadline(ai, time_ms, pct * 2 / 7), line);
    if (len == 0 && max_depth >= 6 && !ai->abort && ai->tune[AI_TUNE_ROOT_VCT]) {
        len = ai_root_threat_line(eng, ai, 1, max_depth >= 10 ? 10 : 6,
                                  ai_root_phase_cap(ai, 8, 100000),
                                  ai_root_deadline(ai, time_ms, pct * 4 / 7), line);
    }
    return len > 0 && ai_root_proof_ok(&ai->pos, req, line, len) ? len : 0;
}

/* Keeps only the root moves that stop the opponent's threats. */
static int defence_phase(Ai *eng, AiThread *ai, const AiRequest *req, int max_depth, int nroot)
{
    if (max_depth >= 6 && nroot > 1 && ai->tune[AI_TUNE_VCF_DEFENCE] && !ai->abort) {
        nroot = ai_root_filter_vcf(ai, req, nroot);
    }
    if (max_depth >= 8 && nroot > 1 && ai->tune[AI_TUNE_ROOT_VCT] && !ai->abort) {
        nroot = ai_root_filter_vct(
            eng, ai, req, nroot, ai_root_phase_cap(ai, 6, 150000),
            ai_root_deadline(ai, req->limits.time_ms, ai->tune[AI_TUNE_PHASE_TIME]));
    }
    /* The filters look past the cut for answers; a hard cap still holds. */
    return ai->strict_breadth && nroot > ai->breadth ? ai->breadth : nroot;
}

/* What iterative deepening found so far. */
typedef struct Deepest {
    Move best;
    int score, depth;
    int16_t pv[AI_MAX_PV];
    int pv_len;
} Deepest;

/* Whether iterative deepening should start another iteration under a time
 * budget.  An iteration cut short by the deadline still counts (the best
 * move so far is searched first, and only a move that beats it replaces
 * it), so time left unused is simply lost: the search goes on until the
 * deadline unless the answer looks settled.  Settled means the best move
 * has not changed for a few iterations and the score has not dropped;
 * then it stops at about half the budget, keeping time (with a match
 * clock) for moves that need it.  A new best move or a falling score
 * uses the whole budget, and so does every move when there is nothing to
 * keep time for (AiLimits.spend_all_time). */
static int time_for_more(const AiThread *ai, const AiRequest *req, int stable, int dropped)
{
    if (req->limits.spend_all_time) {
        return 1;
    }
    int64_t used = ai_root_elapsed_ms(ai) * 100;
    int pct = 92;
    if (stable >= 4 && !dropped) {
        pct = 50;
    } else if (stable >= 2 && !dropped) {
        pct = 70;
    }
    return used < (int64_t)req->limits.time_ms * pct;
}

/* Sorts the root moves by this iteration's scores, best first (stable):
 * with several moves scored exactly, the next iteration searches them
 * first, in their order. */
static void order_root(AiThread *ai, int nroot)
{
    for (int i = 1; i < nroot; i++) {
        AiCand c = ai->root[i];
        int v = ai->root_val[i], j = i;
        while (j > 0 && ai->root_val[j - 1] < v) {
            ai->root[j] = ai->root[j - 1];
            ai->root_val[j] = ai->root_val[j - 1];
            j--;
        }
        ai->root[j] = c;
        ai->root_val[j] = v;
    }
}

/* Iterative deepening: one root search per depth until the budget, a
 * proven result or the clock (time_for_more) says stop; every finished
 * iteration is reported. */
static void deepen(AiThread *ai, const AiRequest *req, AiInfo *out, int nroot, int max_depth,
                   Deepest *d)
{
    AiPos *p = &ai->pos;
    int stable = 0, prev_cell = -1, prev_score = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        int idx;
        int score = ai_pvs_root(ai, nroot, depth, &idx);
        if (ai->abort) {
            /* A move that beat the previous best before time ran out. */
            if (idx > 0) {
                d->best = ai_root_move(p, ai->root[idx].cell);
                d->score = score;
            }
            break;
        }
        if (idx < 0) {
            break;
        }
        ai_root_record_top(ai, nroot, idx);
        AiCand t = ai->root[idx];
        if (ai->multi_pv > 1) {
            order_root(ai, nroot);
        } else {
            memmove(&ai->root[1], &ai->root[0], (size_t)idx * sizeof ai->root[0]);
            ai->root[0] = t;
        }
        d->best = ai_root_move(p, t.cell);
        d->score = score;
        d->depth = depth;
        d->pv_len = ai->pv_len[0] < AI_MAX_PV ? ai->pv_len[0] : AI_MAX_PV;
        memcpy(d->pv, ai->pv[0], (size_t)d->pv_len * sizeof d->pv[0]);
        ai_root_fill_info(ai, out, d->best, d->score, d->depth, d->pv, d->pv_len);
        if (req->on_info != NULL) {
            req->on_info(out, req->user);
        }
        if (score >= AI_SCORE_WIN_THRESHOLD || score <= -AI_SCORE_WIN_THRESHOLD) {
            break;
        }
        int dropped = depth > 1 && score < prev_score - 40;
        stable = t.cell == prev_cell ? stable + 1 : 0;
        prev_cell = t.cell;
        prev_score = score;
        if (ai->deadline_us > 0 && !time_for_more(ai, req, stable, dropped)) {
            break;
        }
    }
}

/* The search's line may be cut short by hash hits: give a whole proof
 * when the threat search can find one quickly. */
static void prove_mate(Ai *eng, AiThread *ai, const AiRequest *req, AiInfo *out)
{
    AiPos *p = &ai->pos;
    int16_t line[AI_MAX_PV];
    ai->abort = 0;
    int len = ai_root_threat_line(eng, ai, 1, (out->mate_plies + 1) / 2 + 1, 100000,
                                  ai->deadline_us, line);
    if (len > 0 && ai_root_proof_ok(p, req, line, len)) {
        out->best = ai_root_move(p, line[0]);
        out->score = AI_SCORE_WIN - len;
        out->mate_plies = len;
        out->pv_len = 0;
        for (int i = 0; i < len; i++) {
            out->pv[out->pv_len++] = ai_root_move(p, line[i]);
        }
        if (out->root_count == 0 || !move_equal(out->root_move[0], out->best)) {
            ai_root_single(out, out->best, out->score);
        }
    }
}

int ai_search(Ai *eng, const AiRequest *req, AiInfo *out)
{
    AiThread *ai = begin(eng, req, out);
    if (ai == NULL) {
        return -1;
    }
    Move fallback = MOVE_NONE;
    int rc;
    if (hard_rules(ai, req, out, &fallback, &rc)) {
        return rc;
    }
    if (setup_pos(eng, ai, req) != 0) {
        return ai_root_answer(ai, req, out, fallback, 0);
    }
    int max_depth = apply_limits(eng, ai, &req->limits);
    AiPos *p = &ai->pos;
    maybe_blind(ai, &req->limits, stone_opponent(req->to_move));
    int nroot = root_moves(ai, req, fallback);
    if (ai_root_cancelled(req)) {
        /* Stopped before starting: the best-ordered candidate. */
        return ai_root_answer(ai, req, out, ai_root_move(p, ai->root[0].cell), 0);
    }
    int16_t line[AI_MAX_PV];
    int len = threat_phase(eng, ai, req, max_depth, line);
    if (len > 0) {
        return ai_root_answer_line(ai, req, out, line, len);
    }
    nroot = defence_phase(eng, ai, req, max_depth, nroot);
    if (ai_root_cancelled(req)) {
        return ai_root_answer(ai, req, out, ai_root_move(p, ai->root[0].cell), 0);
    }
    ai->nroot = nroot;
    ai->max_depth = max_depth;
    int threads = req->limits.threads < 1                ? 1
                  : req->limits.threads > AI_MAX_THREADS ? AI_MAX_THREADS
                                                         : req->limits.threads;
    int helpers = ai_smp_start(eng, threads - 1);
    Deepest d = {ai_root_move(p, ai->root[0].cell), 0, 0, {0}, 0};
    deepen(ai, req, out, nroot, max_depth, &d);
    int64_t helper_nodes = ai_smp_stop(eng, helpers);
    bool pv_fits = d.pv_len > 0 && move_equal(ai_root_move(p, d.pv[0]), d.best);
    ai_root_fill_info(ai, out, d.best, d.score, d.depth, pv_fits ? d.pv : NULL,
                      pv_fits ? d.pv_len : 0);
    out->nodes += helper_nodes;
    out->cancelled = ai_root_cancelled(req);
    if (out->mate_plies > 0 && !out->cancelled &&
        (out->pv_len != out->mate_plies || !ai_root_pv_proves(p, req, out))) {
        prove_mate(eng, ai, req, out);
        out->nodes = ai->nodes + helper_nodes;
    }
    return 0;
}
