/*
 * ai_pos.c - incremental position (see ai_pos.h).
 */
#include "ai_pos.h"

#include <string.h>

/* Whether positions over t keep their point codes: only for their
 * weights (the tools that count point codes work them out from the keys). */
static inline int keeps_pcodes(const AiPatTable *t)
{
    return t->pc_on;
}

/* Adds (sign = 1) or removes (sign = -1) one (point, line) pair of colour
 * index ci, whose pattern key is key and code code, from the running
 * totals (with tot): the code's weight and its line pattern's; and from
 * the code classes' counters, and with cnt the network's counts. */
static inline void contrib(AiPos *p, int ci, uint32_t key, unsigned code, int sign, const int cnt,
                           const int tot)
{
    const AiPatTable *t = p->pt;
    int c = (int)(code & AI_PAT_CODE_MASK);
    p->cnt[ci][t->cls[c]] += sign;
    if (cnt) {
        const int l = t->line[ci][key];
        p->n.code[ci][c] = (int16_t)(p->n.code[ci][c] + sign);
        p->n.line[ci][l] = (int16_t)(p->n.line[ci][l] + sign);
    }
    if (tot) {
        p->total[ci][AI_EVAL_OWN] += sign * t->eval[ci][AI_EVAL_OWN][c];
        p->total[ci][AI_EVAL_OPP] += sign * t->eval[ci][AI_EVAL_OPP][c];
    }
    if (tot && t->line_on) { /* every weight 0 otherwise */
        const int l = t->line[ci][key];
        p->total[ci][AI_EVAL_OWN] += sign * t->line_eval[ci][AI_EVAL_OWN][l];
        p->total[ci][AI_EVAL_OPP] += sign * t->line_eval[ci][AI_EVAL_OPP][l];
    }
}

/* Adds (sign = 1) or removes (sign = -1) the class of an empty point whose
 * info sum for colour index ci is isum, and its shape: in the network's
 * counts with cnt, in the totals with tot. */
static inline void point_class(AiPos *p, int ci, unsigned isum, int sign, const int cnt,
                               const int tot)
{
    const AiPatTable *t = p->pt;
    int s = t->shape[ci][AI_PAT_INFO_SHAPE(isum)];
    p->combo[ci][t->combo[ci][isum & AI_PAT_INFO_THREAT]] += sign;
    if (cnt) {
        p->n.shape[ci][s] = (int16_t)(p->n.shape[ci][s] + sign);
    }
    if (tot) {
        p->total[ci][AI_EVAL_OWN] += sign * t->shape_eval[ci][AI_EVAL_OWN][s];
        p->total[ci][AI_EVAL_OPP] += sign * t->shape_eval[ci][AI_EVAL_OPP][s];
    }
}

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* The info sums of empty point cell moved by delta[] (per colour index),
 * its point codes were pc0 and pc1: logs the old values for undo (the
 * point codes only with pc: a move without them leaves them as they were,
 * and its undo does not read them) and moves the point between classes
 * and shapes (cnt, tot: point_class). */
static ALWAYS_INLINE void reclass(AiPos *p, int cell, const unsigned delta[2], uint16_t pc0,
                                  uint16_t pc1, const int pc, const int cnt, const int tot)
{
    AiIsumLog *lg = &p->log[p->nlog++];
    lg->cell = (int16_t)cell;
    if (pc) {
        lg->pcode[0] = pc0;
        lg->pcode[1] = pc1;
    }
    for (int ci = 0; ci < 2; ci++) {
        uint32_t old = p->isum[ci][cell];
        uint32_t now = old + delta[ci];
        lg->isum[ci] = old;
        if (delta[ci] == 0) {
            continue; /* the other colour's counters moved, not this one's */
        }
        point_class(p, ci, old, -1, cnt, tot);
        point_class(p, ci, now, 1, cnt, tot);
        p->isum[ci][cell] = now;
    }
}

/* Place value of line d's pattern in a point code (AiPatTable.point's
 * index: line 0 the most significant digit). */
static const int PC_PLACE[4] = {AI_L_N * AI_L_N * AI_L_N, (AI_L_N * AI_L_N), AI_L_N, 1};

/* The (point, line) pair of colour index ci on empty point q along line
 * d gains add in its key (a new stone's digit times its place value): its
 * contribution to the counters, and to the totals with tot, moves from the
 * old code to the new.  Returns the change of its info. */
static inline unsigned rekey(AiPos *p, int ci, int q, int d, uint32_t add, int lines, int pc,
                             int cnt, int tot)
{
    const AiPatTable *t = p->pt;
    const uint32_t ok = p->key[ci][q][d], nk = ok + add;
    const unsigned oc = t->code[ci][ok] & AI_PAT_CODE_MASK, nc = t->code[ci][nk] & AI_PAT_CODE_MASK;
    p->key[ci][q][d] = nk;
    /* A stone far along the line mostly leaves the code as it was; the
     * line pattern may still change when its weights are on. */
    if (oc != nc) {
        if (tot) {
            p->total[ci][AI_EVAL_OWN] +=
                t->eval[ci][AI_EVAL_OWN][nc] - t->eval[ci][AI_EVAL_OWN][oc];
            p->total[ci][AI_EVAL_OPP] +=
                t->eval[ci][AI_EVAL_OPP][nc] - t->eval[ci][AI_EVAL_OPP][oc];
        }
        p->cnt[ci][t->cls[oc]]--;
        p->cnt[ci][t->cls[nc]]++;
        if (cnt) {
            p->n.code[ci][oc]--;
            p->n.code[ci][nc]++;
        }
    }
    if (lines) {
        const int ol = t->line[ci][ok], nl = t->line[ci][nk];
        if (cnt && ol != nl) {
            p->n.line[ci][ol]--;
            p->n.line[ci][nl]++;
        }
        if (tot) {
            p->total[ci][AI_EVAL_OWN] +=
                t->line_eval[ci][AI_EVAL_OWN][nl] - t->line_eval[ci][AI_EVAL_OWN][ol];
            p->total[ci][AI_EVAL_OPP] +=
                t->line_eval[ci][AI_EVAL_OPP][nl] - t->line_eval[ci][AI_EVAL_OPP][ol];
        }
        if (pc && ol != nl) {
            const int opc = p->pcode[ci][q], npc = opc + (nl - ol) * PC_PLACE[d];
            p->total[ci][AI_EVAL_OWN] +=
                t->pc_eval[npc][AI_EVAL_OWN] - t->pc_eval[opc][AI_EVAL_OWN];
            p->total[ci][AI_EVAL_OPP] +=
                t->pc_eval[npc][AI_EVAL_OPP] - t->pc_eval[opc][AI_EVAL_OPP];
            p->pcode[ci][q] = (uint16_t)npc;
        }
    }
    return t->info[nc] - t->info[oc];
}

/* Empty point q gains a stone on line d, add0 and add1 in black's and
 * white's keys there: moves its codes, counters and (with pc) point codes,
 * and logs it for undo when any of them changed. */
static ALWAYS_INLINE void touch(AiPos *p, int q, int d, uint32_t add0, uint32_t add1, int lines,
                                const int pc, const int cnt, const int tot)
{
    if (!pc) {
        const unsigned delta[2] = {rekey(p, 0, q, d, add0, lines, 0, cnt, tot),
                                   rekey(p, 1, q, d, add1, lines, 0, cnt, tot)};
        /* Most moves leave a point's counters as they were. */
        if ((delta[0] | delta[1]) != 0) {
            reclass(p, q, delta, 0, 0, 0, cnt, tot);
        }
        return;
    }
    /* The point codes move more often than the counters. */
    const uint16_t pc0 = p->pcode[0][q], pc1 = p->pcode[1][q];
    const unsigned delta[2] = {rekey(p, 0, q, d, add0, lines, 1, cnt, 1),
                               rekey(p, 1, q, d, add1, lines, 1, cnt, 1)};
    if ((delta[0] | delta[1]) != 0 || pc0 != p->pcode[0][q] || pc1 != p->pcode[1][q]) {
        reclass(p, q, delta, pc0, pc1, 1, cnt, 1);
    }
}

/* place() with the point codes kept (pc 1) or not (0), the pattern
 * counts (cnt 1) or not, and the totals (tot 1) or not (pc needs tot):
 * constants in each of place()'s calls, so that without them nothing of
 * their work is left in the loop. */
static ALWAYS_INLINE void place_with(AiPos *p, int cell, int ci, const int pc, const int cnt,
                                     const int tot)
{
    const AiPatTable *t = p->pt;
    const int r = p->radius;
    const int lines = (tot && t->line_on) | pc | cnt;

    for (int x = 0; x < 2; x++) {
        for (int d = 0; d < 4; d++) {
            contrib(p, x, p->key[x][cell][d], ai_pos_code(p, x, cell, d), -1, cnt, tot);
        }
        point_class(p, x, p->isum[x][cell], -1, cnt, tot);
        if (pc) {
            p->total[x][AI_EVAL_OWN] -= t->pc_eval[p->pcode[x][cell]][AI_EVAL_OWN];
            p->total[x][AI_EVAL_OPP] -= t->pc_eval[p->pcode[x][cell]][AI_EVAL_OPP];
        }
    }
    p->cell[cell] = (uint8_t)(ci + 1);
    /* The digit the stone adds to black's and to white's keys. */
    const uint32_t dig[2] = {ci == 0 ? 1u : 2u, ci == 1 ? 1u : 2u};
    for (int d = 0; d < 4; d++) {
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            const int step = sgn * p->dstep[d];
            /* Off the board a line stays off it, and the wall is at least
             * radius deep: past its first cell there is nothing to update. */
            for (int i = 1, q = cell + step; i <= r && p->cell[q] != AI_WALL; i++, q += step) {
                if (p->cell[q] != STONE_EMPTY) {
                    continue; /* a stone's keys are not kept (AiPos.key) */
                }
                /* From q, the new stone sits at offset -sgn * i. */
                const uint32_t pw = t->pow3[ai_pat_digit(r, -sgn * i)];
                touch(p, q, d, dig[0] * pw, dig[1] * pw, lines, pc, cnt, tot);
            }
        }
    }
    for (int dy = -2; dy <= 2; dy++) {
        for (int dx = -2; dx <= 2; dx++) {
            p->near[cell + dy * p->stride + dx]++;
        }
    }
    p->hash ^= p->zobrist[ci * AI_CELLS + cell];
    int x = ai_pos_x(p, cell), y = ai_pos_y(p, cell);
    board_set(&p->board, x, y, (Stone)(ci + 1));
    if (p->bbox[0] > p->bbox[2]) {
        p->bbox[0] = p->bbox[2] = (int16_t)x;
        p->bbox[1] = p->bbox[3] = (int16_t)y;
    } else {
        if (x < p->bbox[0]) p->bbox[0] = (int16_t)x;
        if (x > p->bbox[2]) p->bbox[2] = (int16_t)x;
        if (y < p->bbox[1]) p->bbox[1] = (int16_t)y;
        if (y > p->bbox[3]) p->bbox[3] = (int16_t)y;
    }
}

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* place_with's variants, each a function of its own: inlined into one,
 * they slowed each other down (a few percent a search on 19x19 k6, where
 * only the plain one runs). */
static NOINLINE void place_lean(AiPos *p, int cell, int ci)
{
    place_with(p, cell, ci, 0, 0, 0);
}

static NOINLINE void place_plain(AiPos *p, int cell, int ci)
{
    place_with(p, cell, ci, 0, 0, 1);
}

static NOINLINE void place_pcodes(AiPos *p, int cell, int ci)
{
    place_with(p, cell, ci, 1, 0, 1);
}

static NOINLINE void place_net(AiPos *p, int cell, int ci)
{
    place_with(p, cell, ci, 0, 1, 0);
}

static NOINLINE void place_counts(AiPos *p, int cell, int ci)
{
    place_with(p, cell, ci, 0, 1, 1);
}

static NOINLINE void place_both(AiPos *p, int cell, int ci)
{
    place_with(p, cell, ci, 1, 1, 1);
}

/* Puts a stone of colour index ci on the empty cell and updates keys,
 * counters, near counts, hash and board, and what the table asks for of
 * the totals, counts and point codes.  No undo record. */
static void place(AiPos *p, int cell, int ci)
{
    const AiPatTable *t = p->pt;
    if (p->lean) {
        place_lean(p, cell, ci);
    } else if (t->count_on) {
        /* With the counts, the network evaluates: the point codes'
         * weights are off unless a search may evaluate by the tables, and
         * then the totals are kept too. */
        if (t->pc_on) {
            place_both(p, cell, ci);
        } else if (t->totals_off) {
            place_net(p, cell, ci);
        } else {
            place_counts(p, cell, ci);
        }
    } else if (t->pc_on) {
        place_pcodes(p, cell, ci);
    } else {
        place_plain(p, cell, ci);
    }
}

/* Sets every point's keys, sums and counts for an empty board of p's size:
 * only the walls beyond the edges are in the keys. */
static void empty_board_keys(AiPos *p)
{
    const AiPatTable *pt = p->pt;
    const int n = p->size, r = p->radius;
    static const int DXY[4][2] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            int c = ai_pos_index(p, x, y);
            for (int d = 0; d < 4; d++) {
                uint32_t k = 0;
                for (int i = -r; i <= r; i++) {
                    int qx = x + i * DXY[d][0], qy = y + i * DXY[d][1];
                    if (i != 0 && (qx < 0 || qy < 0 || qx >= n || qy >= n)) {
                        k += 2u * pt->pow3[ai_pat_digit(r, i)];
                    }
                }
                p->key[0][c][d] = p->key[1][c][d] = k;
                for (int ci = 0; ci < 2; ci++) {
                    unsigned code = ai_pos_code(p, ci, c, d);
                    contrib(p, ci, k, code, 1, pt->count_on, 1);
                    p->isum[ci][c] += pt->info[code & AI_PAT_CODE_MASK];
                }
            }
            point_class(p, 0, p->isum[0][c], 1, pt->count_on, 1);
            point_class(p, 1, p->isum[1][c], 1, pt->count_on, 1);
            for (int ci = 0; ci < 2 && keeps_pcodes(pt); ci++) {
                const int pc = ai_pos_pcode_key(p, ci, c);
                p->pcode[ci][c] = (uint16_t)pc;
                p->total[ci][AI_EVAL_OWN] += pt->pc_eval[pc][AI_EVAL_OWN];
                p->total[ci][AI_EVAL_OPP] += pt->pc_eval[pc][AI_EVAL_OPP];
            }
        }
    }
}

/* Sets *p up as the empty board of size n (all before the undo stack). */
static void setup_empty(AiPos *p, const AiPatTable *pt, const uint64_t *zob, int n)
{
    p->pt = pt;
    p->zobrist = zob;
    p->zobrist_side = zob[2 * AI_CELLS];
    p->size = n;
    p->stride = n + 2 * AI_PAD;
    p->radius = pt->radius;
    p->dstep[0] = 1;
    p->dstep[1] = p->stride;
    p->dstep[2] = p->stride + 1;
    p->dstep[3] = p->stride - 1;
    p->stm = STONE_BLACK;
    p->hash = 0;
    memset(p->total, 0, sizeof p->total);
    memset(p->cnt, 0, sizeof p->cnt);
    memset(p->combo, 0, sizeof p->combo);
    memset(&p->n, 0, sizeof p->n);
    p->bbox[0] = p->bbox[1] = 1;
    p->bbox[2] = p->bbox[3] = 0;
    p->nundo = 0;
    p->lean = 0;
    board_init(&p->board, n);
    memset(p->cell, AI_WALL, sizeof p->cell);
    memset(p->near, 0, sizeof p->near);
    memset(p->key, 0, sizeof p->key);
    memset(p->isum, 0, sizeof p->isum);
    memset(p->pcode, 0, sizeof p->pcode);

    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            p->cell[ai_pos_index(p, x, y)] = STONE_EMPTY;
        }
    }
    empty_board_keys(p);
}

int ai_pos_setup_cached(AiPos *p, AiPosEmpty *empty, const AiPatTable *pt, const uint64_t *zob,
                        const Board *b, Stone stm)
{
    if (b->size < BOARD_MIN_SIZE || b->size > BOARD_MAX_SIZE || pt->code[0] == NULL ||
        (stm != STONE_BLACK && stm != STONE_WHITE)) {
        return -1;
    }
    const int n = b->size;
    p->nlog = 0;
    if (empty != NULL && empty->size == n && empty->pt == pt && empty->stamp == pt->stamp &&
        empty->zob == zob) {
        memcpy(p, empty->pos, sizeof empty->pos);
    } else {
        setup_empty(p, pt, zob, n);
        if (empty != NULL) {
            memcpy(empty->pos, p, sizeof empty->pos);
            empty->pt = pt;
            empty->stamp = pt->stamp;
            empty->zob = zob;
            empty->size = n;
        }
    }
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            int s = b->cell[y * BOARD_MAX_SIZE + x];
            if (s == STONE_BLACK || s == STONE_WHITE) {
                place(p, ai_pos_index(p, x, y), s - 1);
            } else if (s != STONE_EMPTY) {
                return -1;
            }
        }
    }
    if (stm == STONE_WHITE) {
        p->hash ^= p->zobrist_side;
    }
    p->stm = stm;
    p->nlog = 0; /* the set-up stones are never taken back */
    return 0;
}

uint64_t ai_pos_splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void ai_pos_fill_keys(uint64_t *zob, size_t n, uint64_t seed)
{
    for (size_t i = 0; i < n; i++) {
        zob[i] = ai_pos_splitmix(&seed);
    }
}

int ai_pos_setup(AiPos *p, const AiPatTable *pt, const uint64_t *zob, const Board *b, Stone stm)
{
    return ai_pos_setup_cached(p, NULL, pt, zob, b, stm);
}

void ai_pos_make(AiPos *p, int cell)
{
    AiUndo *u = &p->undo[p->nundo++];
    u->cell = (int16_t)cell;
    memcpy(u->bbox, p->bbox, sizeof u->bbox);
    memcpy(u->total, p->total, sizeof u->total);
    memcpy(u->cnt, p->cnt, sizeof u->cnt);
    memcpy(u->combo, p->combo, sizeof u->combo);
    if (p->pt->count_on) {
        p->n_undo[p->nundo - 1] = p->n;
    }
    u->log_start = p->nlog;
    u->hash = p->hash;
    place(p, cell, (int)p->stm - 1);
    p->hash ^= p->zobrist_side;
    p->stm = stone_opponent(p->stm);
}

void ai_pos_undo(AiPos *p)
{
    const AiUndo *u = &p->undo[--p->nundo];
    const int cell = u->cell, r = p->radius;
    const int ci = p->cell[cell] - 1;
    const AiPatTable *t = p->pt;

    const uint32_t dig[2] = {ci == 0 ? 1u : 2u, ci == 1 ? 1u : 2u};
    /* A loop of fixed length (the one place() walks, walls and stones
     * skipped) is faster here than stopping at the wall. */
    for (int d = 0; d < 4; d++) {
        const int step = p->dstep[d];
        for (int i = 1; i <= r; i++) {
            for (int sgn = -1; sgn <= 1; sgn += 2) {
                const int q = cell + sgn * i * step;
                if (p->cell[q] != STONE_EMPTY) {
                    continue;
                }
                const uint32_t pw = t->pow3[ai_pat_digit(r, -sgn * i)];
                p->key[0][q][d] -= dig[0] * pw;
                p->key[1][q][d] -= dig[1] * pw;
            }
        }
    }
    /* Lean moves (made and undone lean: ai_pos_set_lean) logged no point
     * codes. */
    const int pc = keeps_pcodes(t) && !p->lean;
    for (int i = p->nlog - 1; i >= u->log_start; i--) {
        const AiIsumLog *lg = &p->log[i];
        p->isum[0][lg->cell] = lg->isum[0];
        p->isum[1][lg->cell] = lg->isum[1];
    }
    for (int i = p->nlog - 1; pc && i >= u->log_start; i--) {
        const AiIsumLog *lg = &p->log[i];
        p->pcode[0][lg->cell] = lg->pcode[0];
        p->pcode[1][lg->cell] = lg->pcode[1];
    }
    p->nlog = u->log_start;
    for (int dy = -2; dy <= 2; dy++) {
        for (int dx = -2; dx <= 2; dx++) {
            p->near[cell + dy * p->stride + dx]--;
        }
    }
    p->cell[cell] = STONE_EMPTY;
    board_set(&p->board, ai_pos_x(p, cell), ai_pos_y(p, cell), STONE_EMPTY);
    memcpy(p->bbox, u->bbox, sizeof p->bbox);
    memcpy(p->total, u->total, sizeof p->total);
    memcpy(p->cnt, u->cnt, sizeof p->cnt);
    memcpy(p->combo, u->combo, sizeof p->combo);
    if (t->count_on) {
        p->n = p->n_undo[p->nundo];
    }
    p->hash = u->hash;
    p->stm = (Stone)(ci + 1);
}
