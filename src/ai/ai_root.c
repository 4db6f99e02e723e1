/*
 * ai_root.c - the root's answers and checks: answers without a search, a
 * proof line replayed with the core's rules before any win is claimed, the
 * legal fallback, and the threat phases that run before the main search
 * (the side to move's VCF/VCT, and keeping only the moves that stop the
 * opponent's).
 */
#include "ai_internal.h"

#include <string.h>

#include "ai_clock.h"
#include "ai_vcf.h"

Move ai_root_move(const AiPos *p, int cell)
{
    Move m = {(int8_t)ai_pos_x(p, cell), (int8_t)ai_pos_y(p, cell)};
    return m;
}

/* Records the best AI_MAX_ROOT moves of a completed iteration, best first
 * (the best move's exact score first whatever its bound peers say). */
void ai_root_record_top(AiThread *ai, int nroot, int best_idx)
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

int64_t ai_root_elapsed_ms(const AiThread *ai)
{
    return (ai_clock_us() - ai->start_us) / 1000;
}

void ai_root_fill_info(AiThread *ai, AiInfo *out, Move best, int score, int depth,
                       const int16_t *pv, int pv_len)
{
    out->best = best;
    out->score = score;
    out->depth = depth;
    out->nodes = ai->nodes;
    out->time_ms = (int)ai_root_elapsed_ms(ai);
    if (score >= AI_SCORE_WIN_THRESHOLD) {
        out->mate_plies = AI_SCORE_WIN - score;
    } else if (score <= -AI_SCORE_WIN_THRESHOLD) {
        out->mate_plies = -(AI_SCORE_WIN + score);
    } else {
        out->mate_plies = 0;
    }
    out->widest = ai->widest > ai->nroot ? ai->widest : ai->nroot;
    out->root_count = ai->ntop;
    for (int i = 0; i < ai->ntop; i++) {
        out->root_move[i] = ai_root_move(&ai->pos, ai->top_cell[i]);
        out->root_score[i] = ai->top_score[i];
    }
    out->root_exact = ai->multi_pv < ai->ntop ? ai->multi_pv : ai->ntop;
    out->pv_len = 0;
    if (pv != NULL) {
        for (int i = 0; i < pv_len && i < AI_MAX_PV; i++) {
            out->pv[out->pv_len++] = ai_root_move(&ai->pos, pv[i]);
        }
    } else {
        out->pv[0] = best;
        out->pv_len = 1;
    }
}

int ai_root_cancelled(const AiRequest *req)
{
    return req->cancel != NULL && atomic_load(req->cancel) != 0;
}

/* Fills the root-move list of out with the single move m. */
void ai_root_single(AiInfo *out, Move m, int score)
{
    out->root_count = 1;
    out->root_move[0] = m;
    out->root_score[0] = score;
    out->root_exact = 1;
}

/* Replays a proof line on req's board with the core's rules: every move
 * legal, no early five, the attacker's last move wins.  A cheap guard, so
 * that no claimed win rests on a bug in the threat search alone. */
int ai_root_proof_ok(const AiPos *p, const AiRequest *req, const int16_t *line, int len)
{
    Board b = req->board;
    Stone s = req->to_move;
    if (len < 1 || len % 2 == 0) {
        return 0;
    }
    for (int i = 0; i < len; i++) {
        Move m = ai_root_move(p, line[i]);
        if (!rules_is_legal(&b, req->rules, s, m)) {
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
int ai_root_pv_proves(const AiPos *p, const AiRequest *req, const AiInfo *out)
{
    int16_t line[AI_MAX_PV];
    for (int i = 0; i < out->pv_len; i++) {
        line[i] = (int16_t)ai_pos_index(p, out->pv[i].x, out->pv[i].y);
    }
    return ai_root_proof_ok(p, req, line, out->pv_len);
}

/* Answers with a proven win and its proof line (cells of ai->pos). */
int ai_root_answer_line(AiThread *ai, const AiRequest *req, AiInfo *out, const int16_t *line,
                        int len)
{
    memset(out, 0, sizeof *out);
    out->best = ai_root_move(&ai->pos, line[0]);
    out->score = AI_SCORE_WIN - len;
    out->depth = 1;
    out->nodes = ai->nodes;
    out->time_ms = (int)ai_root_elapsed_ms(ai);
    out->mate_plies = len;
    for (int i = 0; i < len && i < AI_MAX_PV; i++) {
        out->pv[out->pv_len++] = ai_root_move(&ai->pos, line[i]);
    }
    ai_root_single(out, out->best, out->score);
    if (req->on_info != NULL) {
        req->on_info(out, req->user);
    }
    return 0;
}

/* Answers a position with a known result and no search. */
int ai_root_answer(AiThread *ai, const AiRequest *req, AiInfo *out, Move m, int score)
{
    memset(out, 0, sizeof *out);
    out->best = m;
    out->score = score;
    out->depth = 1;
    out->nodes = ai->nodes;
    out->time_ms = (int)ai_root_elapsed_ms(ai);
    out->mate_plies = score >= AI_SCORE_WIN_THRESHOLD    ? AI_SCORE_WIN - score
                      : score <= -AI_SCORE_WIN_THRESHOLD ? -(AI_SCORE_WIN + score)
                                                         : 0;
    out->pv[0] = m;
    out->pv_len = 1;
    ai_root_single(out, m, score);
    out->cancelled = ai_root_cancelled(req);
    out->unscored = out->mate_plies == 0;
    if (req->on_info != NULL) {
        req->on_info(out, req->user);
    }
    return 0;
}

int ai_root_request_valid(const AiRequest *req)
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

/* The core's legality for the side to move of req. */
int ai_root_legal(const AiRequest *req, Move m)
{
    return rules_is_legal(&req->board, req->rules, req->to_move, m);
}

/* The legal move nearest the centre, for when nothing better is known. */
Move ai_root_fallback(const AiRequest *req)
{
    const int n = req->board.size;
    Move best = MOVE_NONE;
    int best_d = 1 << 30;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            int dx = 2 * x - (n - 1), dy = 2 * y - (n - 1);
            int d = dx * dx + dy * dy;
            Move m = {(int8_t)x, (int8_t)y};
            if (d < best_d && ai_root_legal(req, m)) {
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
int ai_root_filter_vcf(AiThread *ai, const AiRequest *req, int nroot)
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
    int n = ai_gen_moves(p, ai->blind_ci, 0, ai->cand[0], &kind);
    int kept = 0;
    for (int i = 0; i < n; i++) {
        ai_pvs_pick_best(ai->cand[0], i, n);
        const int m = ai->cand[0][i].cell;
        if (!ai_root_legal(req, ai_root_move(p, m))) {
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

/* The deadline for a phase allowed pct percent of time_ms (0: none). */
int64_t ai_root_deadline(const AiThread *ai, int time_ms, int pct)
{
    return time_ms > 0 ? ai->start_us + (int64_t)time_ms * 10 * pct : 0;
}

/* Node cap of a root threat phase: a share of the node budget, else none
 * when the clock governs, else a fixed number. */
int64_t ai_root_phase_cap(const AiThread *ai, int div, int64_t fixed)
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
int ai_root_threat_line(Ai *eng, AiThread *ai, int threes, int max_attacks, int64_t max_nodes,
                        int64_t deadline_us, int16_t *line)
{
    AiVct v = {.max_nodes = max_nodes,
               .cancel = ai->cancel,
               .stop = ai->stop,
               .deadline_us = deadline_us,
               .threes = threes,
               .cache = threes ? eng->vct_cache : eng->vcf_cache};
    int len = ai_vct_line(&ai->pos, &v, max_attacks, line, AI_MAX_PV);
    ai->nodes += v.nodes;
    if (v.aborted) {
        ai_pvs_check_abort(ai);
    }
    return len;
}

/* Nodes each root move's check may take when the clock, not a node
 * budget, governs: df-pn refutes most quickly or not at all. */
#define DEFENCE_CHECK_NODES 30000
/* Open threes the opponent's win may make in the defence checks. */
#define DEFENCE_THREES 8

/* Adds cell to the defence candidates c[0..*n) unless it is there. */
static void add_candidate(AiCand *c, int *n, int cell, int32_t score)
{
    for (int i = 0; i < *n; i++) {
        if (c[i].cell == cell) {
            return;
        }
    }
    c[*n].cell = (int16_t)cell;
    c[*n].score = score;
    (*n)++;
}

/* Writes the points where the side to move makes a four to out (room for
 * BOARD_MAX_CELLS) and returns how many. */
static int own_fours(const AiPos *p, int16_t *out)
{
    static const int32_t none[AI_GEN_BONUS_N] = {0, 0, 0, 0};
    return ai_gen_attacks(p, 0, none, out);
}

/* The moves worth checking against the opponent's threat: its proof
 * line's points first (a refutation must take part in the threat, and
 * the line's points are where it most often does), then the root moves
 * in their order, then the side to move's own fours (a four wins a
 * tempo and may break the sequence), legal ones only.  Writes them to
 * ai->cand[1] and returns how many. */
static int defence_candidates(AiThread *ai, const AiRequest *req, int nroot, const int16_t *line,
                              int len)
{
    AiPos *p = &ai->pos;
    AiCand *c = ai->cand[1];
    int n = 0;
    for (int i = 0; i < len; i++) {
        if (ai_root_legal(req, ai_root_move(p, line[i]))) {
            add_candidate(c, &n, line[i], 0);
        }
    }
    for (int i = 0; i < nroot; i++) {
        add_candidate(c, &n, ai->root[i].cell, ai->root[i].score);
    }
    int16_t fours[BOARD_MAX_CELLS];
    int nf = own_fours(p, fours);
    for (int i = 0; i < nf; i++) {
        add_candidate(c, &n, fours[i], 0);
    }
    return n;
}

/* Attacking moves of the opponent's win whose lines give the answers. */
#define DEFENCE_ZONE_ATTACKS 3

static int threat_after(AiPos *p, AiVct *w, int cell, int threes, int tempo, int *four);

/* Adds cell to out[0..*n) unless seen (a stamp per cell) or barred to
 * the side to move. */
static void add_point(const AiPos *p, uint8_t *seen, int16_t *out, int *n, int cell)
{
    if (!seen[cell] && p->cell[cell] == STONE_EMPTY && !ai_gen_barred(p, (int)p->stm - 1, cell)) {
        seen[cell] = 1;
        out[(*n)++] = (int16_t)cell;
    }
}

/* The answers tried when the side to move has the move back after a
 * four: the opponent's win's points, then the side to move's own fours,
 * then every empty point in reach of the win's first attacking moves
 * along their four lines (where a stone may cut a three or a four that
 * is yet to be made).  Writes them to out and returns how many. */
static int tempo_candidates(const AiPos *p, const int16_t *line, int len, int16_t *out)
{
    uint8_t seen[AI_CELLS] = {0};
    int16_t fours[BOARD_MAX_CELLS];
    int n = 0;
    for (int i = 0; i < len; i++) {
        add_point(p, seen, out, &n, line[i]);
    }
    int nf = own_fours(p, fours);
    for (int i = 0; i < nf; i++) {
        add_point(p, seen, out, &n, fours[i]);
    }
    for (int i = 0; i < len && i < 2 * DEFENCE_ZONE_ATTACKS; i += 2) {
        for (int d = 0; d < 4; d++) {
            for (int sgn = -1; sgn <= 1; sgn += 2) {
                int c = line[i];
                for (int r = 1; r < p->radius && p->cell[c + sgn * p->dstep[d]] != AI_WALL; r++) {
                    c += sgn * p->dstep[d];
                    add_point(p, seen, out, &n, c);
                }
            }
        }
    }
    return n;
}

/* The side to move has just had its four blocked and has the move back:
 * whether the opponent, given a free move, still wins by threes and
 * fours, and if so whether one of the side to move's answers
 * (tempo_candidates) stops it.  Returns the win's length when nothing
 * tried stops it, else 0 (also when the budget ran out: nothing then
 * says the four loses). */
static int threat_after_tempo(AiPos *p, AiVct *w, int threes, int tempo)
{
    int16_t line[AI_MAX_PV], cand[BOARD_MAX_CELLS];
    ai_pos_pass(p);
    int len = ai_vct_line(p, w, threes, line, AI_MAX_PV);
    ai_pos_pass(p);
    if (len == 0 || tempo == 0) {
        return len;
    }
    int n = tempo_candidates(p, line, len, cand);
    for (int i = 0; i < n && !w->aborted; i++) {
        if (threat_after(p, w, cand[i], threes, tempo - 1, NULL) == 0) {
            return 0;
        }
    }
    return w->aborted ? 0 : len;
}

/* Whether the opponent still wins by threes and fours after the side to
 * move plays cell.  A four forces the block and gives the move back: the
 * question is then whether the opponent's threat, given the move, still
 * stands against the side to move's answers (with up to tempo more fours
 * of its own; with none, whether the four alone stopped it).  Sets *four
 * (unless NULL) when cell makes a single four.  Returns the win's length
 * or 0. */
static int threat_after(AiPos *p, AiVct *w, int cell, int threes, int tempo, int *four)
{
    const int ci = (int)p->stm - 1;
    int16_t wins[BOARD_MAX_CELLS];
    int first, still = 0, single = 0;
    ai_pos_make(p, cell);
    if (p->cnt[ci][AI_CNT_WIN] == 0) {
        still = ai_vct(p, w, threes, &first);
    } else if (ai_gen_wins(p, ci, wins) == 1 && !ai_gen_barred(p, 1 - ci, wins[0])) {
        single = 1;
        ai_pos_make(p, wins[0]);
        still = threat_after_tempo(p, w, threes, tempo);
        ai_pos_undo(p);
    }
    ai_pos_undo(p);
    if (four != NULL) {
        *four = single;
    }
    return still;
}

/* What a check said of a defence candidate: DEF_FOUR_LOSES is a four
 * that did not stop the threat by itself, not yet tried with the move
 * back. */
enum { DEF_UNCHECKED = 0, DEF_HOLDS, DEF_LOSES, DEF_FOUR_LOSES, DEF_UNKNOWN };

/* Rounds of checks again, each with four times the nodes, for the
 * candidates whose check ran out of nodes: the table keeps what the last
 * round proved, and an undecided candidate is often the one that matters
 * (the refutation itself, or the one wrong move left beside it). */
#define DEFENCE_RETRIES 2
/* Nodes all the retries may take when the clock, not a node budget,
 * governs. */
#define DEFENCE_RETRY_NODES (8 * DEFENCE_CHECK_NODES)

/* Checks the candidates ai->cand[1][0..n) whose verdict is from, with at
 * most each nodes apiece and tempo fours given the move back; adds the
 * nodes used to *used.  Returns 0 when cancel or the clock stopped it. */
static int check_round(AiThread *ai, const AiVct *v, int n, int64_t each, int tempo,
                       uint8_t *verdict, int from, int64_t *used)
{
    for (int i = 0; i < n; i++) {
        if (verdict[i] != from) {
            continue;
        }
        AiVct w = *v;
        w.nodes = 0;
        w.max_nodes = each;
        w.aborted = 0;
        int four = 0;
        int still = threat_after(&ai->pos, &w, ai->cand[1][i].cell, DEFENCE_THREES, tempo, &four);
        ai->nodes += w.nodes;
        *used += w.nodes;
        if (w.aborted && w.nodes <= w.max_nodes) {
            return 0;
        }
        verdict[i] = still != 0  ? (four && tempo == 0 ? DEF_FOUR_LOSES : DEF_LOSES)
                     : w.aborted ? DEF_UNKNOWN
                                 : DEF_HOLDS;
    }
    return 1;
}

/* Checks every candidate as a four alone would be judged (cheap, and
 * enough for most), then the fours that failed so with the move back
 * (AI_TUNE_DEFENCE_TEMPO), then the undecided ones again with more nodes,
 * while the clock and the phase's cap (under a node budget) or
 * DEFENCE_RETRY_NODES allow. */
static void check_candidates(AiThread *ai, const AiVct *v, int n, int64_t each, int64_t cap,
                             uint8_t *verdict)
{
    const int tempo = ai->tune[AI_TUNE_DEFENCE_TEMPO];
    int64_t used = v->nodes;
    if (!check_round(ai, v, n, each, 0, verdict, DEF_UNCHECKED, &used) ||
        (tempo > 0 && !check_round(ai, v, n, each, tempo, verdict, DEF_FOUR_LOSES, &used))) {
        return;
    }
    /* Under the clock alone the retries have their own budget: a long
     * deadline (analysis) must not hold up the first iteration. */
    if (cap <= 0) {
        cap = used + DEFENCE_RETRY_NODES;
    }
    for (int r = 0; r < DEFENCE_RETRIES; r++) {
        int unknown = 0;
        for (int i = 0; i < n; i++) {
            unknown += verdict[i] == DEF_UNKNOWN;
        }
        if (unknown == 0) {
            return;
        }
        each = each * 4 < (cap - used) / unknown ? each * 4 : (cap - used) / unknown;
        if (each < 500 || !check_round(ai, v, n, each, tempo, verdict, DEF_UNKNOWN, &used)) {
            return;
        }
    }
}

/* When the opponent, given a free move, would win by threes and fours,
 * keeps only the moves after which that is no longer so: the root moves
 * and the points its proof runs through and the side to move's fours
 * (all the root moves if none is).  The refutation is often a four whose
 * block changes nothing by itself, after which the side to move, with
 * the move back, has a defence it did not have before (a second four, or
 * a stone that now cuts the line): AI_TUNE_DEFENCE_TEMPO fours are tried
 * so.  A move whose check stays undecided stays, and when time or cancel
 * cuts the checks short, so do the root moves not yet checked.  Returns
 * the new number of root moves. */
int ai_root_filter_vct(Ai *eng, AiThread *ai, const AiRequest *req, int nroot, int64_t cap,
                       int64_t deadline_us)
{
    AiPos *p = &ai->pos;
    AiVct v = {.max_nodes = cap > 0 ? cap / 3 : 3 * DEFENCE_CHECK_NODES,
               .cancel = ai->cancel,
               .stop = ai->stop,
               .deadline_us = deadline_us,
               .threes = 1,
               .cache = eng->vct_cache};
    int16_t line[AI_MAX_PV];
    ai_pos_pass(p);
    int len = ai_vct_line(p, &v, DEFENCE_THREES, line, AI_MAX_PV);
    ai_pos_pass(p);
    ai->nodes += v.nodes;
    if (len == 0) {
        return nroot;
    }
    int n = defence_candidates(ai, req, nroot, line, len);
    int64_t each = cap > 0 ? (cap - v.nodes) / n : DEFENCE_CHECK_NODES;
    uint8_t verdict[BOARD_MAX_CELLS] = {0};
    check_candidates(ai, &v, n, each < 500 ? 500 : each, cap, verdict);
    AiCand kept[BOARD_MAX_CELLS];
    int nkept = 0;
    for (int i = 0; i < n; i++) {
        if (verdict[i] == DEF_HOLDS || verdict[i] == DEF_UNKNOWN) {
            kept[nkept++] = ai->cand[1][i];
        }
    }
    if (nkept == 0) {
        return nroot;
    }
    /* Unchecked root moves stay: nothing says they lose. */
    for (int j = 0; j < nroot; j++) {
        for (int i = 0; i < n; i++) {
            if (ai->cand[1][i].cell == ai->root[j].cell && verdict[i] == DEF_UNCHECKED) {
                kept[nkept++] = ai->root[j];
            }
        }
    }
    memcpy(ai->root, kept, (size_t)nkept * sizeof ai->root[0]);
    return nkept;
}
