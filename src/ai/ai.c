/*
 * ai.c - the search driver: root safety checks with the core's rules,
 * threat searches (VCF, then VCT) for the side to move and against the
 * opponent's, then iterative deepening negamax (PVS) with a transposition
 * table, killer and history ordering, and optional helper threads (Lazy
 * SMP) sharing the table.
 *
 * The table, history and threat-failure cache persist across searches
 * (the table ages entries by generation); ai_clear empties them, so with
 * one thread and no time limit or cancel the answer is a function of the
 * request and the searches since the last ai_clear.  Positions are hashed
 * with a salt of the rules and board size, so what was learned under other
 * rules never misleads.
 */
#define _POSIX_C_SOURCE 200809L
#include "ai.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ai_clock.h"
#include "ai_movegen.h"
#include "ai_pattern.h"
#include "ai_pos.h"
#include "ai_tt.h"
#include "ai_tune.h"
#include "ai_vcf.h"
#include "ai_vct.h"

#define SEARCH_MAX_PLY   96
#define INF_SCORE        (AI_SCORE_WIN + 1)
#define DEFAULT_TT_BYTES ((size_t)4 << 20)
#define CHECK_MASK       255
#define DEFAULT_BREADTH  20
#define HISTORY_MAX      (1 << 20)

/* One search thread's state.  Worker 0 runs on the caller's thread and
 * decides the answer; helpers (Lazy SMP) only fill the shared table. */
typedef struct AiWorker {
    AiPos pos;
    int32_t history[2][AI_CELLS];
    int16_t killer[SEARCH_MAX_PLY][2];
    int16_t pv[SEARCH_MAX_PLY][SEARCH_MAX_PLY];
    int pv_len[SEARCH_MAX_PLY];
    AiCand cand[SEARCH_MAX_PLY][BOARD_MAX_CELLS];
    AiCand root[BOARD_MAX_CELLS];
    int root_val[BOARD_MAX_CELLS]; /* this iteration's score (bound) per root move */
    int ntop;                      /* the last completed iteration's best moves */
    int16_t top_cell[AI_MAX_ROOT];
    int top_score[AI_MAX_ROOT];
    /* The running search (copied from the Ai for every search). */
    AiTT *tt;
    const atomic_int *stop; /* the Ai's: set when worker 0 is done */
    const atomic_int *cancel;
    int64_t start_us;
    int64_t deadline_us; /* 0: none */
    int64_t max_nodes;   /* 0: none */
    int64_t nodes;
    int64_t next_check; /* node count of the next budget / cancel check */
    int abort;
    int blind_ci; /* colour index whose open threes go unseen, or -1 */
    int breadth;
    int nroot;
    int max_depth;
    int id;
    int tune[AI_TUNE_COUNT];
} AiWorker;

#define AI_MAX_THREADS 64

struct Ai {
    AiTT tt;
    AiPatTable pat;
    uint64_t zobrist[2 * AI_CELLS + 1];
    uint64_t last_salt; /* rules salt of the last search, 0 before any */
    int tune[AI_TUNE_COUNT];
    AiVctCache *vct_cache;
    AiWorker *worker[AI_MAX_THREADS]; /* [0] always; helpers on demand */
    pthread_t thread[AI_MAX_THREADS];
    atomic_int stop;
};

/* Leaf VCF probes were measured to cost about three plies of depth in 1 s
 * for no gain in self-play, so they start switched off. */
static const int TUNE_DEFAULTS[AI_TUNE_COUNT] = {0, 200, DEFAULT_BREADTH, 1, 25, 1, 1};

int ai_tune_set(Ai *ai, AiTune knob, int value)
{
    if (ai == NULL || (int)knob < 0 || knob >= AI_TUNE_COUNT) {
        return 0;
    }
    int old = ai->tune[knob];
    ai->tune[knob] = value;
    return old;
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

Ai *ai_new(size_t tt_bytes)
{
    Ai *ai = calloc(1, sizeof *ai);
    if (ai == NULL) {
        return NULL;
    }
    ai->worker[0] = calloc(1, sizeof(AiWorker));
    ai->vct_cache = calloc(1, sizeof(AiVctCache));
    if (ai->worker[0] == NULL || ai->vct_cache == NULL ||
        ai_tt_init(&ai->tt, tt_bytes ? tt_bytes : DEFAULT_TT_BYTES) != 0) {
        free(ai->worker[0]);
        free(ai->vct_cache);
        free(ai);
        return NULL;
    }
    atomic_init(&ai->stop, 0);
    ai_pat_init(&ai->pat);
    memcpy(ai->tune, TUNE_DEFAULTS, sizeof ai->tune);
    uint64_t seed = 0x5EED5EED12345678ull;
    for (size_t i = 0; i < sizeof ai->zobrist / sizeof ai->zobrist[0]; i++) {
        ai->zobrist[i] = splitmix64(&seed);
    }
    return ai;
}

void ai_free(Ai *ai)
{
    if (ai == NULL) {
        return;
    }
    for (int i = 0; i < AI_MAX_THREADS; i++) {
        free(ai->worker[i]);
    }
    ai_tt_free(&ai->tt);
    ai_pat_free(&ai->pat);
    free(ai->vct_cache);
    free(ai);
}

void ai_clear(Ai *ai)
{
    if (ai == NULL) {
        return;
    }
    ai_tt_clear(&ai->tt);
    ai_vct_cache_clear(ai->vct_cache);
    for (int i = 0; i < AI_MAX_THREADS; i++) {
        if (ai->worker[i] != NULL) {
            memset(ai->worker[i]->history, 0, sizeof ai->worker[i]->history);
        }
    }
}

/* Mixed into every position hash, so that positions under other rules or
 * on another board size never share table entries. */
static uint64_t rules_salt(Rules r, int size)
{
    uint64_t s = ((uint64_t)r.kind << 16 | (uint64_t)r.k << 8 | (uint64_t)size) + 1;
    return splitmix64(&s);
}

/* ---------------------------------------------------------------- search */

static void check_abort(AiWorker *ai)
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

/* Static evaluation for the side to move: the running pattern totals, with
 * a bonus for having the move. */
static int evaluate(const AiWorker *ai)
{
    const AiPos *p = &ai->pos;
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    int32_t t[2] = {p->total[0], p->total[1]};
    if (ai->blind_ci >= 0 && p->pt->code_open4 >= 0) {
        const AiPatTable *pt = p->pt;
        t[ai->blind_ci] -= p->cnt[ai->blind_ci][AI_CNT_OPEN4] *
                           (pt->weight[pt->code_open4] - pt->weight[pt->code_four]);
    }
    if (p->pt->rules.kind == RULE_RENJU && ai->blind_ci != 0 && p->cnt[0][AI_CNT_OPEN4] > 0 &&
        p->pt->code_open4 >= 0 && !ai_gen_has_open4(p, 0)) {
        /* Renju black's threes that can only grow on forbidden points are
         * worth no more than closed ones. */
        const AiPatTable *pt = p->pt;
        t[0] -= p->cnt[0][AI_CNT_OPEN4] * (pt->weight[pt->code_open4] - pt->weight[pt->code_four]);
    }
    int32_t v = t[ci] + t[ci] * ai->tune[AI_TUNE_TEMPO] / 100 - t[oi];
    if (v > AI_SCORE_WIN / 2) {
        v = AI_SCORE_WIN / 2;
    } else if (v < -AI_SCORE_WIN / 2) {
        v = -AI_SCORE_WIN / 2;
    }
    return (int)v;
}

/* Moves the best-scored candidate of c[i..n-1] to c[i]. */
static void pick_best(AiCand *c, int i, int n)
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

static void set_pv(AiWorker *ai, int ply, int move)
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

static int search(AiWorker *ai, int depth, int alpha, int beta, int ply, int is_pv)
{
    AiPos *p = &ai->pos;
    const int ci = (int)p->stm - 1, oi = 1 - ci;

    ai->pv_len[ply] = 0;
    if (++ai->nodes >= ai->next_check) {
        ai->next_check = ai->nodes + CHECK_MASK + 1;
        check_abort(ai);
    }
    if (ai->abort) {
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
    /* Mate distance: nothing here beats winning next move or loses faster
     * than the move after. */
    if (alpha < -(AI_SCORE_WIN - (ply + 2))) {
        alpha = -(AI_SCORE_WIN - (ply + 2));
    }
    if (beta > AI_SCORE_WIN - (ply + 1)) {
        beta = AI_SCORE_WIN - (ply + 1);
    }
    if (alpha >= beta) {
        return alpha;
    }

    if (p->cnt[oi][AI_CNT_WIN] > 0) {
        /* One forced reply, searched without using up depth. */
        int16_t w[BOARD_MAX_CELLS];
        int nw = ai_gen_wins(p, oi, w);
        if (nw >= 2) {
            return -(AI_SCORE_WIN - (ply + 2));
        }
        if (nw == 1) {
            int32_t wt = 0;
            if (ai_gen_forbidden(p, w[0], ai_gen_threat(p, ci, w[0], &wt))) {
                return -(AI_SCORE_WIN - (ply + 2));
            }
            ai_pos_make(p, w[0]);
            int v = -search(ai, depth, -beta, -alpha, ply + 1, is_pv);
            ai_pos_undo(p);
            if (!ai->abort) {
                set_pv(ai, ply, w[0]);
            }
            return v;
        }
    }
    if (depth <= 0) {
        if (ci != ai->blind_ci && ai_gen_has_open4(p, ci)) {
            return AI_SCORE_WIN - (ply + 3);
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
        return evaluate(ai);
    }

    int tt_move = -1;
    AiTTEntry te;
    const AiTTEntry *e = ai_tt_probe(ai->tt, p->hash, &te) ? &te : NULL;
    if (e != NULL) {
        tt_move = e->move;
        if (!is_pv && e->depth >= depth) {
            int s = score_from_tt(e->score, ply);
            if (e->flag == AI_TT_EXACT || (e->flag == AI_TT_LOWER && s >= beta) ||
                (e->flag == AI_TT_UPPER && s <= alpha)) {
                return s;
            }
        }
    }

    const int alpha0 = alpha;
    int best = -INF_SCORE, best_move = -1, searched = 0;

    /* The hash move first: when it cuts off, no generation is needed. */
    if (tt_move >= 0 && tt_move < AI_CELLS && p->cell[tt_move] == STONE_EMPTY) {
        int32_t wt = 0;
        if (!ai_gen_forbidden(p, tt_move, ai_gen_threat(p, ci, tt_move, &wt))) {
            ai_pos_make(p, tt_move);
            int v = -search(ai, depth - 1, -beta, -alpha, ply + 1, is_pv);
            ai_pos_undo(p);
            if (ai->abort) {
                return 0;
            }
            searched = 1;
            best = v;
            best_move = tt_move;
            if (v > alpha) {
                alpha = v;
                set_pv(ai, ply, tt_move);
                if (v >= beta) {
                    ai_tt_store(ai->tt, p->hash, score_to_tt(best, ply), best_move, depth,
                                AI_TT_LOWER);
                    return best;
                }
            }
        } else {
            tt_move = -1;
        }
    } else {
        tt_move = -1;
    }

    AiCand *c = ai->cand[ply];
    int kind;
    int n = ai_gen_moves(p, ai->blind_ci, c, &kind);
    if (n == 0 && searched == 0) {
        return evaluate(ai);
    }
    for (int i = 0; i < n; i++) {
        int m = c[i].cell;
        if (m == ai->killer[ply][0] || m == ai->killer[ply][1]) {
            c[i].score += 20000;
        }
        c[i].score += ai->history[ci][m] >> 8;
    }
    int limit = n;
    if (kind == AI_GEN_NORMAL && limit > ai->breadth) {
        limit = ai->breadth;
    }

    for (int i = 0; i < n; i++) {
        /* Past the breadth cut only while everything so far loses, so a
         * loss is not claimed just because the defence was cut off. */
        if (searched >= limit && best > -AI_SCORE_WIN_THRESHOLD) {
            break;
        }
        pick_best(c, i, n);
        const int m = c[i].cell;
        if (m == tt_move) {
            continue;
        }
        const int quiet = c[i].score < 2500;
        const int idx = searched++;
        ai_pos_make(p, m);
        int v;
        if (idx == 0) {
            v = -search(ai, depth - 1, -beta, -alpha, ply + 1, is_pv);
        } else {
            int r = 0;
            if (ai->tune[AI_TUNE_LMR] == 1) {
                r = (depth >= 3 && idx >= 3 && quiet) ? 1 + (depth >= 6 && idx >= 10) : 0;
            } else if (ai->tune[AI_TUNE_LMR] >= 2) {
                r = (depth >= 2 && idx >= 2 && quiet) ? 1 + (depth >= 4 && idx >= 6) : 0;
            }
            v = -search(ai, depth - 1 - r, -alpha - 1, -alpha, ply + 1, 0);
            if (v > alpha && r > 0) {
                v = -search(ai, depth - 1, -alpha - 1, -alpha, ply + 1, 0);
            }
            if (v > alpha && v < beta && is_pv) {
                v = -search(ai, depth - 1, -beta, -alpha, ply + 1, 1);
            }
        }
        ai_pos_undo(p);
        if (ai->abort) {
            return 0;
        }
        if (v > best) {
            best = v;
            best_move = m;
            if (v > alpha) {
                alpha = v;
                set_pv(ai, ply, m);
                if (v >= beta) {
                    if (quiet && ai->killer[ply][0] != m) {
                        ai->killer[ply][1] = ai->killer[ply][0];
                        ai->killer[ply][0] = (int16_t)m;
                    }
                    int32_t *h = &ai->history[ci][m];
                    *h += depth * depth;
                    if (*h > HISTORY_MAX) {
                        for (int j = 0; j < AI_CELLS; j++) {
                            ai->history[0][j] /= 2;
                            ai->history[1][j] /= 2;
                        }
                    }
                    break;
                }
            }
        }
    }
    int flag = best >= beta ? AI_TT_LOWER : (best > alpha0 ? AI_TT_EXACT : AI_TT_UPPER);
    ai_tt_store(ai->tt, p->hash, score_to_tt(best, ply), best_move, depth, flag);
    return best;
}

/* Searches the root moves at depth; returns the best score and its index
 * in *best_idx (-1 when aborted before the first move finished). */
static int search_root(AiWorker *ai, int nroot, int depth, int *best_idx)
{
    AiPos *p = &ai->pos;
    int alpha = -INF_SCORE, beta = INF_SCORE, best = -INF_SCORE;
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
        if (v > best) {
            best = v;
            *best_idx = i;
            set_pv(ai, 0, m);
            if (v > alpha) {
                alpha = v;
            }
        }
    }
    return best;
}

/* ------------------------------------------------------------- the root */

static Move cell_move(const AiPos *p, int cell)
{
    Move m = {(int8_t)ai_pos_x(p, cell), (int8_t)ai_pos_y(p, cell)};
    return m;
}

/* Records the best AI_MAX_ROOT moves of a completed iteration, best first
 * (the best move's exact score first whatever its bound peers say). */
static void record_top(AiWorker *ai, int nroot, int best_idx)
{
    int used[BOARD_MAX_CELLS] = {0};
    ai->ntop = 0;
    ai->top_cell[0] = ai->root[best_idx].cell;
    ai->top_score[0] = ai->root_val[best_idx];
    used[best_idx] = 1;
    ai->ntop = 1;
    while (ai->ntop < AI_MAX_ROOT && ai->ntop < nroot) {
        int b = -1;
        for (int i = 0; i < nroot; i++) {
            if (!used[i] && (b < 0 || ai->root_val[i] > ai->root_val[b])) {
                b = i;
            }
        }
        used[b] = 1;
        ai->top_cell[ai->ntop] = ai->root[b].cell;
        ai->top_score[ai->ntop] = ai->root_val[b];
        ai->ntop++;
    }
}

static int64_t elapsed_ms(const AiWorker *ai)
{
    return (ai_clock_us() - ai->start_us) / 1000;
}

static void fill_info(AiWorker *ai, AiInfo *out, Move best, int score, int depth, const int16_t *pv,
                      int pv_len)
{
    out->best = best;
    out->score = score;
    out->depth = depth;
    out->nodes = ai->nodes;
    out->time_ms = (int)elapsed_ms(ai);
    if (score >= AI_SCORE_WIN_THRESHOLD) {
        out->mate_plies = AI_SCORE_WIN - score;
    } else if (score <= -AI_SCORE_WIN_THRESHOLD) {
        out->mate_plies = -(AI_SCORE_WIN + score);
    } else {
        out->mate_plies = 0;
    }
    out->root_count = ai->ntop;
    for (int i = 0; i < ai->ntop; i++) {
        out->root_move[i] = cell_move(&ai->pos, ai->top_cell[i]);
        out->root_score[i] = ai->top_score[i];
    }
    out->pv_len = 0;
    if (pv != NULL) {
        for (int i = 0; i < pv_len && i < AI_MAX_PV; i++) {
            out->pv[out->pv_len++] = cell_move(&ai->pos, pv[i]);
        }
    } else {
        out->pv[0] = best;
        out->pv_len = 1;
    }
}

static int is_cancelled(const AiRequest *req)
{
    return req->cancel != NULL && atomic_load(req->cancel) != 0;
}

/* Fills the root-move list of out with the single move m. */
static void root_single(AiInfo *out, Move m, int score)
{
    out->root_count = 1;
    out->root_move[0] = m;
    out->root_score[0] = score;
}

/* Replays a proof line on req's board with the core's rules: every move
 * legal, no early five, the attacker's last move wins.  A cheap guard, so
 * that no claimed win rests on a bug in the threat search alone. */
static int proof_ok(const AiPos *p, const AiRequest *req, const int16_t *line, int len)
{
    Board b = req->board;
    Stone s = req->to_move;
    if (len < 1 || len % 2 == 0) {
        return 0;
    }
    for (int i = 0; i < len; i++) {
        Move m = cell_move(p, line[i]);
        if (board_get(&b, m.x, m.y) != STONE_EMPTY) {
            return 0;
        }
        if (req->rules.kind == RULE_RENJU && s == STONE_BLACK &&
            rules_forbidden(&b, req->rules, m) != FORBID_NONE) {
            return 0;
        }
        board_set(&b, m.x, m.y, s);
        if (rules_is_win(&b, req->rules, m, NULL, NULL) != (i == len - 1)) {
            return 0;
        }
        s = stone_opponent(s);
    }
    return 1;
}

/* Returns true when out's pv is a whole replayable proof of its win. */
static int pv_proves(const AiPos *p, const AiRequest *req, const AiInfo *out)
{
    int16_t line[AI_MAX_PV];
    for (int i = 0; i < out->pv_len; i++) {
        line[i] = (int16_t)ai_pos_index(p, out->pv[i].x, out->pv[i].y);
    }
    return proof_ok(p, req, line, out->pv_len);
}

/* Answers with a proven win and its proof line (cells of ai->pos). */
static int answer_line(AiWorker *ai, const AiRequest *req, AiInfo *out, const int16_t *line,
                       int len)
{
    memset(out, 0, sizeof *out);
    out->best = cell_move(&ai->pos, line[0]);
    out->score = AI_SCORE_WIN - len;
    out->depth = 1;
    out->nodes = ai->nodes;
    out->time_ms = (int)elapsed_ms(ai);
    out->mate_plies = len;
    for (int i = 0; i < len && i < AI_MAX_PV; i++) {
        out->pv[out->pv_len++] = cell_move(&ai->pos, line[i]);
    }
    root_single(out, out->best, out->score);
    if (req->on_info != NULL) {
        req->on_info(out, req->user);
    }
    return 0;
}

/* Answers a position with a known result and no search. */
static int answer(AiWorker *ai, const AiRequest *req, AiInfo *out, Move m, int score)
{
    memset(out, 0, sizeof *out);
    out->best = m;
    out->score = score;
    out->depth = 1;
    out->nodes = ai->nodes;
    out->time_ms = (int)elapsed_ms(ai);
    out->mate_plies = score >= AI_SCORE_WIN_THRESHOLD    ? AI_SCORE_WIN - score
                      : score <= -AI_SCORE_WIN_THRESHOLD ? -(AI_SCORE_WIN + score)
                                                         : 0;
    out->pv[0] = m;
    out->pv_len = 1;
    root_single(out, m, score);
    out->cancelled = is_cancelled(req);
    if (req->on_info != NULL) {
        req->on_info(out, req->user);
    }
    return 0;
}

static int request_valid(const AiRequest *req)
{
    const Board *b = &req->board;
    if (b->size < BOARD_MIN_SIZE || b->size > BOARD_MAX_SIZE || !rules_valid(req->rules) ||
        (req->to_move != STONE_BLACK && req->to_move != STONE_WHITE)) {
        return 0;
    }
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            if (b->cell[y * BOARD_MAX_SIZE + x] > STONE_WHITE) {
                return 0;
            }
        }
    }
    return 1;
}

static int is_legal(const AiRequest *req, Move m)
{
    if (board_get(&req->board, m.x, m.y) != STONE_EMPTY) {
        return 0;
    }
    return req->rules.kind != RULE_RENJU || req->to_move != STONE_BLACK ||
           rules_forbidden(&req->board, req->rules, m) == FORBID_NONE;
}

/* The legal move nearest the centre, for when nothing better is known. */
static Move fallback_move(const AiRequest *req)
{
    const int n = req->board.size;
    Move best = MOVE_NONE;
    int best_d = 1 << 30;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            int dx = 2 * x - (n - 1), dy = 2 * y - (n - 1);
            int d = dx * dx + dy * dy;
            Move m = {(int8_t)x, (int8_t)y};
            if (d < best_d && is_legal(req, m)) {
                best = m;
                best_d = d;
            }
        }
    }
    return best;
}

/* When the opponent, given a free move, would win by continuous fours,
 * keeps only the root moves after which that is no longer so (all of them
 * if none is).  The main search may not see a long sequence of fours, this
 * finds the defences directly.  Returns the new number of root moves. */
static int filter_vcf_defence(AiWorker *ai, const AiRequest *req, int nroot)
{
    AiPos *p = &ai->pos;
    int64_t cap = ai->max_nodes > 0 ? ai->max_nodes / 200 : 3000;
    cap = cap < 300 ? 300 : (cap > 3000 ? 3000 : cap);
    AiVcf v = {0, cap * 4, req->cancel, ai->deadline_us, 0};
    int first;
    ai_pos_pass(p);
    int threat = ai_vcf(p, &v, 16, &first);
    ai_pos_pass(p);
    ai->nodes += v.nodes;
    if (threat == 0) {
        return nroot;
    }
    /* Answers may lie outside the breadth cut: look at every candidate. */
    int kind;
    int n = ai_gen_moves(p, ai->blind_ci, ai->cand[0], &kind);
    int kept = 0;
    for (int i = 0; i < n; i++) {
        pick_best(ai->cand[0], i, n);
        const int m = ai->cand[0][i].cell;
        if (!is_legal(req, cell_move(p, m))) {
            continue;
        }
        AiVcf w = {0, cap, req->cancel, ai->deadline_us, 0};
        ai_pos_make(p, m);
        int still;
        int16_t blocks[BOARD_MAX_CELLS];
        if (p->cnt[(int)req->to_move - 1][AI_CNT_WIN] > 0 &&
            ai_gen_wins(p, (int)req->to_move - 1, blocks) == 1) {
            /* A four only gains a tempo: after the forced block, is the
             * threat still there? */
            ai_pos_make(p, blocks[0]);
            ai_pos_pass(p);
            still = ai_vcf(p, &w, 16, &first);
            ai_pos_pass(p);
            ai_pos_undo(p);
        } else {
            still = ai_vcf(p, &w, 16, &first);
        }
        ai_pos_undo(p);
        ai->nodes += w.nodes;
        if (w.aborted && w.nodes <= w.max_nodes) {
            return nroot; /* cancelled or out of time: no filtering */
        }
        if (still == 0) {
            ai->cand[1][kept++] = ai->cand[0][i];
        }
    }
    if (kept == 0) {
        return nroot;
    }
    memcpy(ai->root, ai->cand[1], (size_t)kept * sizeof ai->root[0]);
    return kept;
}

/* ------------------------------------------------------------ helpers */

/* Lazy SMP: helpers search the same root with the same table, half of them
 * one ply deeper, so worker 0 finds more of its tree already there. */
static void *helper_main(void *arg)
{
    AiWorker *w = arg;
    for (int depth = 1 + (w->id & 1); depth <= w->max_depth; depth++) {
        int idx;
        search_root(w, w->nroot, depth, &idx);
        if (w->abort) {
            break;
        }
    }
    return NULL;
}

/* Starts up to n helpers copying worker 0's position and root moves.
 * Returns how many started. */
static int start_helpers(Ai *eng, int n)
{
    const AiWorker *m = eng->worker[0];
    int started = 0;
    for (int i = 1; i <= n; i++) {
        if (eng->worker[i] == NULL && (eng->worker[i] = calloc(1, sizeof(AiWorker))) == NULL) {
            break;
        }
        AiWorker *w = eng->worker[i];
        w->pos = m->pos;
        memcpy(w->root, m->root, (size_t)m->nroot * sizeof w->root[0]);
        memcpy(w->tune, m->tune, sizeof w->tune);
        memset(w->history, 0, sizeof w->history);
        memset(w->killer, 0xff, sizeof w->killer);
        w->tt = m->tt;
        w->stop = m->stop;
        w->cancel = m->cancel;
        w->start_us = m->start_us;
        w->deadline_us = m->deadline_us;
        w->max_nodes = 0; /* worker 0 owns the node budget and stops us */
        w->nodes = 0;
        w->next_check = CHECK_MASK + 1;
        w->abort = 0;
        w->blind_ci = m->blind_ci;
        w->breadth = m->breadth;
        w->nroot = m->nroot;
        w->max_depth = m->max_depth;
        w->id = i;
        if (pthread_create(&eng->thread[i], NULL, helper_main, w) != 0) {
            break;
        }
        started = i;
    }
    return started;
}

/* Stops and joins n helpers; returns the nodes they searched. */
static int64_t stop_helpers(Ai *eng, int n)
{
    int64_t nodes = 0;
    atomic_store(&eng->stop, 1);
    for (int i = 1; i <= n; i++) {
        pthread_join(eng->thread[i], NULL);
        nodes += eng->worker[i]->nodes;
    }
    return nodes;
}

/* Loads req's position into ai->pos (salted hash); when the rules or the
 * board size changed since the last search, the history means nothing
 * any more and is dropped; otherwise it is aged.  Returns 0 or -1. */
static int setup_pos(Ai *eng, AiWorker *ai, const AiRequest *req)
{
    if (ai_pat_build(&eng->pat, req->rules) != 0 ||
        ai_pos_setup(&ai->pos, &eng->pat, eng->zobrist, &req->board, req->to_move) != 0) {
        return -1;
    }
    uint64_t salt = rules_salt(req->rules, req->board.size);
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

/* The deadline for a phase allowed pct percent of time_ms (0: none). */
static int64_t share_deadline(const AiWorker *ai, int time_ms, int pct)
{
    return time_ms > 0 ? ai->start_us + (int64_t)time_ms * 10 * pct : 0;
}

/* Node cap of a root threat phase: a share of the node budget, else none
 * when the clock governs, else a fixed number. */
static int64_t phase_cap(const AiWorker *ai, int div, int64_t fixed)
{
    if (ai->max_nodes > 0) {
        return ai->max_nodes / div;
    }
    return ai->deadline_us > 0 ? 0 : fixed;
}

/* Runs a threat search (threes: VCT, else VCF) for the side to move of
 * ai->pos with at most max_attacks attacking moves; its nodes count
 * towards the search.  Returns the proof line's length (in line, room for
 * AI_MAX_PV) or 0.  Sets ai->abort when cancelled or out of time. */
static int threat_line(Ai *eng, AiWorker *ai, int threes, int max_attacks, int64_t max_nodes,
                       int64_t deadline_us, int16_t *line)
{
    AiVct v = {0, max_nodes, ai->cancel, ai->stop, deadline_us, 0, threes, eng->vct_cache, 0};
    int len = ai_vct_line(&ai->pos, &v, max_attacks, line, AI_MAX_PV);
    ai->nodes += v.nodes;
    if (v.aborted) {
        check_abort(ai);
    }
    return len;
}

/* When the opponent, given a free move, would win by threes and fours,
 * keeps only the root moves after which that is no longer so (all of them
 * if none is, or when time or cancel cut the check short).  Returns the
 * new number of root moves. */
static int filter_vct_defence(Ai *eng, AiWorker *ai, const AiRequest *req, int nroot, int64_t cap,
                              int64_t deadline_us)
{
    AiPos *p = &ai->pos;
    const int attacks = 6;
    AiVct v = {0, cap / 2, ai->cancel, ai->stop, deadline_us, 0, 1, eng->vct_cache, 0};
    int first;
    ai_pos_pass(p);
    int threat = ai_vct(p, &v, attacks, &first);
    ai_pos_pass(p);
    ai->nodes += v.nodes;
    if (threat == 0) {
        return nroot;
    }
    int64_t each = cap > 0 ? (cap - v.nodes) / nroot : 0;
    each = cap > 0 && each < 500 ? 500 : each;
    int kept = 0;
    for (int i = 0; i < nroot; i++) {
        const int m = ai->root[i].cell;
        AiVct w = {0, each, ai->cancel, ai->stop, deadline_us, 0, 1, eng->vct_cache, 0};
        ai_pos_make(p, m);
        int still = ai_vct(p, &w, attacks, &first);
        ai_pos_undo(p);
        ai->nodes += w.nodes;
        if (w.aborted && (w.max_nodes == 0 || w.nodes <= w.max_nodes)) {
            return nroot; /* cancelled or out of time: no filtering */
        }
        if (still == 0) {
            ai->cand[1][kept++] = ai->root[i];
        }
    }
    (void)req;
    if (kept == 0) {
        return nroot;
    }
    memcpy(ai->root, ai->cand[1], (size_t)kept * sizeof ai->root[0]);
    return kept;
}

/* Prepares worker 0 for a search of req (limits not yet applied). */
static void worker_start(Ai *eng, AiWorker *ai, const AiRequest *req)
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

int ai_threat_search(Ai *eng, const AiRequest *req, int max_plies, AiInfo *out)
{
    if (out == NULL) {
        return -1;
    }
    memset(out, 0, sizeof *out);
    out->best = MOVE_NONE;
    if (eng == NULL || req == NULL || !request_valid(req)) {
        return -1;
    }
    AiWorker *ai = eng->worker[0];
    worker_start(eng, ai, req);
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
        len = threat_line(eng, ai, threes, attacks,
                          cap > 0 ? (cap > ai->nodes ? cap - ai->nodes : 1) : 0, deadline, line);
    }
    if (len <= 0 || len > max_plies || !proof_ok(&ai->pos, req, line, len)) {
        out->nodes = ai->nodes;
        out->time_ms = (int)elapsed_ms(ai);
        return 0;
    }
    AiRequest quiet = *req;
    quiet.on_info = NULL;
    answer_line(ai, &quiet, out, line, len);
    return 1;
}

int ai_search(Ai *eng, const AiRequest *req, AiInfo *out)
{
    if (out == NULL) {
        return -1;
    }
    memset(out, 0, sizeof *out);
    out->best = MOVE_NONE;
    if (eng == NULL || req == NULL || !request_valid(req)) {
        return -1;
    }
    AiWorker *ai = eng->worker[0];
    worker_start(eng, ai, req);

    const Board *b = &req->board;
    const Rules r = req->rules;
    const Stone me = req->to_move, opp = stone_opponent(me);
    const int n = b->size;

    /* Hard rules first, with the core's own definitions: win now, else
     * block the opponent's win. */
    Move block = MOVE_NONE, win = MOVE_NONE;
    int threats = 0, legal = 0, win_d = 1 << 30;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (board_get(b, x, y) != STONE_EMPTY) {
                continue;
            }
            if (rules_wins_if_played(b, r, m, me) && is_legal(req, m)) {
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
                if (!move_is_valid(block) && is_legal(req, m)) {
                    block = m;
                }
            }
        }
    }
    if (move_is_valid(win)) {
        return answer(ai, req, out, win, AI_SCORE_WIN - 1);
    }
    Move fallback = fallback_move(req);
    legal = move_is_valid(fallback);
    if (!legal) {
        return -1;
    }
    if (threats >= 2 && move_is_valid(block)) {
        return answer(ai, req, out, block, -(AI_SCORE_WIN - 2));
    }
    if (threats == 1 && move_is_valid(block)) {
        return answer(ai, req, out, block, 0);
    }
    if (threats > 0) {
        /* Renju black cannot block: lost, any legal move will do. */
        return answer(ai, req, out, fallback, -(AI_SCORE_WIN - 2));
    }
    if (setup_pos(eng, ai, req) != 0) {
        return answer(ai, req, out, fallback, 0);
    }

    AiLimits lim = req->limits;
    int max_depth =
        lim.max_depth < 1 ? 1 : (lim.max_depth > AI_MAX_DEPTH ? AI_MAX_DEPTH : lim.max_depth);
    ai->max_nodes = lim.max_nodes > 0 ? lim.max_nodes : 0;
    ai->deadline_us = lim.time_ms > 0 ? ai->start_us + (int64_t)lim.time_ms * 1000 : 0;
    ai->breadth = lim.breadth > 0 ? lim.breadth : ai->tune[AI_TUNE_BREADTH];
    if (ai->breadth <= 0) {
        ai->breadth = BOARD_MAX_CELLS;
    }
    ai_tt_new_search(&eng->tt);
    memset(ai->killer, 0xff, sizeof ai->killer);

    AiPos *p = &ai->pos;
    if (lim.miss_three_pct > 0) {
        uint64_t s = p->hash ^ ((uint64_t)lim.seed << 32 | lim.seed);
        if ((int)(splitmix64(&s) % 100) < lim.miss_three_pct) {
            ai->blind_ci = (int)opp - 1;
            /* What a blind search concludes must not pass for the truth in
             * later searches (the table persists), nor the reverse. */
            p->hash ^= 0xB11DB11DB11DB11Dull;
        }
    }

    /* Root moves, checked against the core's legality. */
    int kind;
    int nroot = ai_gen_moves(p, ai->blind_ci, ai->root, &kind);
    int k = 0;
    for (int i = 0; i < nroot; i++) {
        if (is_legal(req, cell_move(p, ai->root[i].cell))) {
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
        pick_best(ai->root, i, nroot);
    }
    if (kind == AI_GEN_NORMAL && nroot > ai->breadth + 4) {
        nroot = ai->breadth + 4;
    }

    if (is_cancelled(req)) {
        /* Stopped before starting: the best-ordered candidate. */
        return answer(ai, req, out, cell_move(p, ai->root[0].cell), 0);
    }

    /* A forced win by fours, then by threes, ends the question at once. */
    int vcf_fours = max_depth >= 8 ? 16 : (max_depth >= 4 ? max_depth : 0);
    if (vcf_fours > 0) {
        int16_t line[AI_MAX_PV];
        int len = threat_line(eng, ai, 0, vcf_fours, phase_cap(ai, 4, 200000),
                              share_deadline(ai, lim.time_ms, 10), line);
        if (len == 0 && max_depth >= 6 && !ai->abort && ai->tune[AI_TUNE_ROOT_VCT]) {
            len = threat_line(eng, ai, 1, max_depth >= 10 ? 10 : 6, phase_cap(ai, 8, 100000),
                              share_deadline(ai, lim.time_ms, 20), line);
        }
        if (len > 0 && proof_ok(p, req, line, len)) {
            return answer_line(ai, req, out, line, len);
        }
    }

    if (max_depth >= 6 && nroot > 1 && ai->tune[AI_TUNE_VCF_DEFENCE] && !ai->abort) {
        nroot = filter_vcf_defence(ai, req, nroot);
    }
    if (max_depth >= 8 && nroot > 1 && ai->tune[AI_TUNE_ROOT_VCT] && !ai->abort) {
        nroot = filter_vct_defence(eng, ai, req, nroot, phase_cap(ai, 6, 150000),
                                   share_deadline(ai, lim.time_ms, 35));
    }
    if (is_cancelled(req)) {
        return answer(ai, req, out, cell_move(p, ai->root[0].cell), 0);
    }

    ai->nroot = nroot;
    ai->max_depth = max_depth;
    int threads =
        lim.threads < 1 ? 1 : (lim.threads > AI_MAX_THREADS ? AI_MAX_THREADS : lim.threads);
    int helpers = start_helpers(eng, threads - 1);

    Move best = cell_move(p, ai->root[0].cell);
    int best_score = 0, best_depth = 0;
    int16_t best_pv[AI_MAX_PV];
    int best_pv_len = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        int idx;
        int score = search_root(ai, nroot, depth, &idx);
        if (ai->abort) {
            /* A move that beat the previous best before time ran out. */
            if (idx > 0) {
                best = cell_move(p, ai->root[idx].cell);
                best_score = score;
            }
            break;
        }
        if (idx < 0) {
            break;
        }
        record_top(ai, nroot, idx);
        AiCand t = ai->root[idx];
        memmove(&ai->root[1], &ai->root[0], (size_t)idx * sizeof ai->root[0]);
        ai->root[0] = t;
        best = cell_move(p, t.cell);
        best_score = score;
        best_depth = depth;
        best_pv_len = ai->pv_len[0] < AI_MAX_PV ? ai->pv_len[0] : AI_MAX_PV;
        memcpy(best_pv, ai->pv[0], (size_t)best_pv_len * sizeof best_pv[0]);
        fill_info(ai, out, best, best_score, best_depth, best_pv, best_pv_len);
        if (req->on_info != NULL) {
            req->on_info(out, req->user);
        }
        if (score >= AI_SCORE_WIN_THRESHOLD || score <= -AI_SCORE_WIN_THRESHOLD) {
            break;
        }
        /* The next iteration costs several times this one. */
        if (ai->deadline_us > 0 && elapsed_ms(ai) * 2 > lim.time_ms) {
            break;
        }
    }
    int64_t helper_nodes = stop_helpers(eng, helpers);
    if (best_pv_len > 0 && move_equal(cell_move(p, best_pv[0]), best)) {
        fill_info(ai, out, best, best_score, best_depth, best_pv, best_pv_len);
    } else {
        fill_info(ai, out, best, best_score, best_depth, NULL, 0);
    }
    out->nodes += helper_nodes;
    out->cancelled = is_cancelled(req);
    if (out->mate_plies > 0 && !out->cancelled &&
        (out->pv_len != out->mate_plies || !pv_proves(p, req, out))) {
        /* The search's line may be cut short by hash hits: give a whole
         * proof when the threat search can find one quickly. */
        int16_t line[AI_MAX_PV];
        ai->abort = 0;
        int len =
            threat_line(eng, ai, 1, (out->mate_plies + 1) / 2 + 1, 100000, ai->deadline_us, line);
        if (len > 0 && proof_ok(p, req, line, len)) {
            out->best = cell_move(p, line[0]);
            out->score = AI_SCORE_WIN - len;
            out->mate_plies = len;
            out->pv_len = 0;
            for (int i = 0; i < len; i++) {
                out->pv[out->pv_len++] = cell_move(p, line[i]);
            }
            if (out->root_count == 0 || !move_equal(out->root_move[0], out->best)) {
                root_single(out, out->best, out->score);
            }
        }
        out->nodes = ai->nodes + helper_nodes;
    }
    return 0;
}
