/*
 * greedy.c - one-ply pattern scorer used as the strength yardstick.
 *
 * Deliberately simple and independent of src/ai: the only shared code is
 * the core's board and rules, which decide wins and renju fouls for
 * everybody anyway.
 */
#include "greedy.h"

#include <stddef.h>

static const int DIRS[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

/* How far from the nearest stone a candidate may be. */
#define GREEDY_REACH 2

uint32_t greedy_rng_next(uint32_t *state)
{
    /* 32-bit variant of splitmix: a Weyl step, then a bijective mix. */
    uint32_t z = (*state += 0x9E3779B9u);
    z = (z ^ (z >> 16)) * 0x85EBCA6Bu;
    z = (z ^ (z >> 13)) * 0xC2B2AE35u;
    return z ^ (z >> 16);
}

/* Returns true when a line of exactly the window's stones would be the
 * only way for s to win, i.e. longer lines do not count for s. */
static bool exact_only(Rules r, Stone s)
{
    return r.kind == RULE_EXACT || (r.kind == RULE_RENJU && s == STONE_BLACK);
}

int64_t greedy_score(const Board *b, Rules r, Stone to_move, Move m)
{
    if (b == NULL || !rules_valid(r) || (to_move != STONE_BLACK && to_move != STONE_WHITE) ||
        !board_in_bounds(b, m.x, m.y) || board_get(b, m.x, m.y) != STONE_EMPTY) {
        return 0;
    }
    Stone opp = stone_opponent(to_move);
    int k = r.k;
    /* One window one stone fuller must outweigh every window through the
     * point one stone emptier, own and enemy together: there are at most
     * 4k of each and enemy ones count double, hence the base. */
    int64_t base = 12 * k + 1;
    int64_t w[RULES_MAX_K + 1];
    w[0] = 1;
    for (int i = 1; i <= k; i++) {
        w[i] = w[i - 1] * base;
    }
    int64_t score = 0;
    for (int d = 0; d < 4; d++) {
        int dx = DIRS[d][0], dy = DIRS[d][1];
        for (int off = 0; off < k; off++) {
            int sx = m.x - off * dx, sy = m.y - off * dy;
            int ex = sx + (k - 1) * dx, ey = sy + (k - 1) * dy;
            if (!board_in_bounds(b, sx, sy) || !board_in_bounds(b, ex, ey)) {
                continue;
            }
            int own = 0, theirs = 0;
            for (int i = 0; i < k; i++) {
                Stone s = board_get(b, sx + i * dx, sy + i * dy);
                own += (s == to_move);
                theirs += (s == opp);
            }
            Stone before = board_get(b, sx - dx, sy - dy);
            Stone after = board_get(b, ex + dx, ey + dy);
            if (theirs == 0 &&
                !(exact_only(r, to_move) && (before == to_move || after == to_move))) {
                score += w[own + 1];
            }
            if (own == 0 && theirs > 0 &&
                !(exact_only(r, opp) && (before == opp || after == opp))) {
                /* Spoiling an enemy window counts double: their three
                 * becomes a four next move, our new three does not yet
                 * threaten anything. */
                score += 2 * w[theirs];
            }
        }
    }
    return score;
}

/* Returns true when to_move may play (x, y): the core's check. */
static bool legal(const Board *b, Rules r, Stone to_move, int x, int y)
{
    return rules_is_legal(b, r, to_move, (Move){(int8_t)x, (int8_t)y});
}

static bool near_stone(const Board *b, int x, int y)
{
    for (int dy = -GREEDY_REACH; dy <= GREEDY_REACH; dy++) {
        for (int dx = -GREEDY_REACH; dx <= GREEDY_REACH; dx++) {
            if (board_get(b, x + dx, y + dy) != STONE_EMPTY) {
                return true;
            }
        }
    }
    return false;
}

/* Keeps the best candidate seen so far, with the tie rules of greedy_move. */
typedef struct Pick {
    Move move;
    int64_t score;
    int dist2;
    uint32_t ties;
    uint32_t *rng;
} Pick;

static void offer(Pick *p, Move m, int64_t score, int center2)
{
    int cx = 2 * m.x + 1 - center2, cy = 2 * m.y + 1 - center2;
    int dist2 = cx * cx + cy * cy;
    if (!move_is_valid(p->move) || score > p->score) {
        p->move = m;
        p->score = score;
        p->dist2 = dist2;
        p->ties = 1;
        return;
    }
    if (score < p->score) {
        return;
    }
    if (p->rng != NULL) {
        /* Reservoir sampling: the n-th equal candidate replaces with
         * probability 1/n, so every tie is equally likely. */
        p->ties++;
        if (greedy_rng_next(p->rng) % p->ties == 0) {
            p->move = m;
        }
    } else if (dist2 < p->dist2) {
        p->move = m;
        p->dist2 = dist2;
    }
}

Move greedy_move(const Board *b, Rules r, Stone to_move, uint32_t *rng)
{
    if (b == NULL || !rules_valid(r) || (to_move != STONE_BLACK && to_move != STONE_WHITE)) {
        return MOVE_NONE;
    }
    int n = b->size;
    int center2 = n; /* the centre's doubled coordinate, so even sizes stay integral */
    Stone opp = stone_opponent(to_move);

    if (b->count == 0) {
        return (Move){(int8_t)(n / 2), (int8_t)(n / 2)};
    }

    /* 1. Win now. */
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (legal(b, r, to_move, x, y) && rules_wins_if_played(b, r, m, to_move)) {
                return m;
            }
        }
    }

    /* 2. Block a win, the best-scoring block if there are several. */
    Pick block = {MOVE_NONE, 0, 0, 0, rng};
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (board_get(b, x, y) == STONE_EMPTY && rules_wins_if_played(b, r, m, opp) &&
                legal(b, r, to_move, x, y)) {
                offer(&block, m, greedy_score(b, r, to_move, m), center2);
            }
        }
    }
    if (move_is_valid(block.move)) {
        return block.move;
    }

    /* 3. Best pattern score near the stones; anywhere legal when every nearby point is forbidden.
     */
    Pick best = {MOVE_NONE, 0, 0, 0, rng};
    for (int pass = 0; pass < 2 && !move_is_valid(best.move); pass++) {
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                if (!legal(b, r, to_move, x, y) || (pass == 0 && !near_stone(b, x, y))) {
                    continue;
                }
                Move m = {(int8_t)x, (int8_t)y};
                offer(&best, m, greedy_score(b, r, to_move, m), center2);
            }
        }
    }
    return best.move;
}
