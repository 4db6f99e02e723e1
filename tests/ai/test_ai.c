/*
 * test_ai.c - the engine's behaviour through its public API: hard rules
 * (win now, block now) for many sizes, k and rule kinds, exact-k overlines,
 * renju forbidden points, cancel, info callbacks, VCF and determinism.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai_test_util.h"

static const int SIZES[] = {9, 15, 19};

static AiRequest make_req(int size, RuleKind kind, int k, Stone to_move)
{
    return ai_test_req(size, kind, k, to_move, 4, 20000);
}

static AiInfo run(Ai *ai, const AiRequest *req)
{
    AiInfo info;
    assert_int_equal(ai_search(ai, req, &info), 0);
    assert_true(move_is_valid(info.best));
    assert_int_equal(board_get(&req->board, info.best.x, info.best.y), STONE_EMPTY);
    return info;
}

static int setup_ai(void **state)
{
    *state = ai_new(1 << 20);
    return *state == NULL ? -1 : 0;
}

static int teardown_ai(void **state)
{
    ai_free(*state);
    return 0;
}

static void test_win_in_one(void **state)
{
    Ai *ai = *state;
    const RuleKind kinds[] = {RULE_FREESTYLE, RULE_EXACT, RULE_RENJU};
    for (int si = 0; si < 3; si++) {
        for (int ki = 0; ki < 3; ki++) {
            for (int k = 1; k <= 6; k++) {
                if (kinds[ki] == RULE_RENJU && k != 5) {
                    continue;
                }
                for (int who = 1; who <= 2; who++) {
                    int n = SIZES[si];
                    Stone me = (Stone)who, opp = stone_opponent(me);
                    AiRequest req = make_req(n, kinds[ki], k, me);
                    /* k-1 own stones on a diagonal from (1, 1); opponent
                     * stones scattered on the last row. */
                    put_line(&req, 1, 1, 1, 1, k - 1, me);
                    for (int i = 0; i < k - 1 && 2 * i < n; i++) {
                        put(&req, 2 * i, n - 1, opp);
                    }
                    for (int p = 0; p < AI_PRESET_COUNT; p++) {
                        req.limits = ai_preset_limits((AiPreset)p);
                        AiInfo info = run(ai, &req);
                        assert_true(rules_wins_if_played(&req.board, req.rules, info.best, me));
                        assert_int_equal(info.mate_plies, 1);
                    }
                }
            }
        }
    }
}

static void test_block_loss_in_one(void **state)
{
    Ai *ai = *state;
    const RuleKind kinds[] = {RULE_FREESTYLE, RULE_EXACT, RULE_RENJU};
    for (int si = 0; si < 3; si++) {
        for (int ki = 0; ki < 3; ki++) {
            for (int k = 3; k <= 6; k++) {
                if (kinds[ki] == RULE_RENJU && k != 5) {
                    continue;
                }
                for (int who = 1; who <= 2; who++) {
                    int n = SIZES[si];
                    Stone me = (Stone)who, opp = stone_opponent(me);
                    AiRequest req = make_req(n, kinds[ki], k, me);
                    /* The opponent's k-1 against the left edge of a middle
                     * row, so the only winning point is (k-1, row). */
                    int row = n / 2;
                    put_line(&req, 0, row, 1, 0, k - 1, opp);
                    /* Some own stones that threaten nothing. */
                    put(&req, n - 1, 0, me);
                    put(&req, n - 1, n - 1, me);
                    Move block = {(int8_t)(k - 1), (int8_t)row};
                    assert_true(rules_wins_if_played(&req.board, req.rules, block, opp));
                    for (int p = 0; p < AI_PRESET_COUNT; p++) {
                        req.limits = ai_preset_limits((AiPreset)p);
                        AiInfo info = run(ai, &req);
                        assert_true(move_equal(info.best, block));
                    }
                }
            }
        }
    }
}

/* k = 2: a lone stone threatens every empty neighbour; with all but one
 * neighbour filled the last one must be taken. */
static void test_block_k2(void **state)
{
    Ai *ai = *state;
    AiRequest req = make_req(9, RULE_FREESTYLE, 2, STONE_BLACK);
    put(&req, 0, 0, STONE_WHITE);
    put(&req, 1, 0, STONE_BLACK);
    put(&req, 0, 1, STONE_BLACK);
    /* (1, 1) is white's only win; black has no adjacent pair to finish... */
    put(&req, 1, 1, STONE_EMPTY);
    /* ...but black's two stones would win next to each other, so give
     * white the move instead and check white takes its win, then swap. */
    req.to_move = STONE_WHITE;
    AiInfo info = run(ai, &req);
    assert_true(rules_wins_if_played(&req.board, req.rules, info.best, STONE_WHITE));
}

/* Exact rule: XXXX_X "wins" only with six; the opponent's real four must be
 * blocked instead. */
static void test_exact_overline_is_not_a_win(void **state)
{
    Ai *ai = *state;
    for (int si = 0; si < 3; si++) {
        int n = SIZES[si];
        AiRequest req = make_req(n, RULE_EXACT, 5, STONE_BLACK);
        put_line(&req, 1, 2, 1, 0, 4, STONE_BLACK);
        put(&req, 6, 2, STONE_BLACK);
        put(&req, 0, 2, STONE_WHITE);
        /* White four on the bottom-left edge, vertical: wins at (0, n-5)... */
        put_line(&req, 0, n - 4, 0, 1, 4, STONE_WHITE);
        Move fake = {5, 2};
        Move block = {0, (int8_t)(n - 5)};
        assert_false(rules_wins_if_played(&req.board, req.rules, fake, STONE_BLACK));
        AiInfo info = run(ai, &req);
        assert_true(move_equal(info.best, block));
        assert_true(info.mate_plies <= 0);
    }
}

/* Exact rule, nothing to block: the overline point must not be scored as
 * a win. */
static void test_exact_overline_no_fake_mate(void **state)
{
    Ai *ai = *state;
    AiRequest req = make_req(15, RULE_EXACT, 5, STONE_BLACK);
    put_line(&req, 3, 7, 1, 0, 4, STONE_BLACK);
    put(&req, 8, 7, STONE_BLACK);
    put(&req, 2, 7, STONE_WHITE);
    put(&req, 9, 7, STONE_WHITE);
    put(&req, 7, 3, STONE_WHITE);
    put(&req, 3, 11, STONE_WHITE);
    put(&req, 12, 12, STONE_WHITE);
    AiInfo info = run(ai, &req);
    assert_false(info.best.x == 7 && info.best.y == 7 && info.mate_plies == 1);
    assert_true(info.mate_plies != 1);
}

static int count_forbidden(const AiRequest *req)
{
    int n = 0;
    for (int y = 0; y < req->board.size; y++) {
        for (int x = 0; x < req->board.size; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (board_get(&req->board, x, y) == STONE_EMPTY &&
                rules_forbidden(&req->board, req->rules, m) != FORBID_NONE) {
                n++;
            }
        }
    }
    return n;
}

/* Renju: black's most tempting points (a double three, a double four, an
 * overline) are forbidden; whatever the engine plays must not be. */
static void test_renju_black_avoids_forbidden(void **state)
{
    Ai *ai = *state;
    /* Double three at (7, 7): open twos crossing there. */
    AiRequest req = make_req(15, RULE_RENJU, 5, STONE_BLACK);
    put(&req, 5, 7, STONE_BLACK);
    put(&req, 6, 7, STONE_BLACK);
    put(&req, 7, 5, STONE_BLACK);
    put(&req, 7, 6, STONE_BLACK);
    put(&req, 0, 0, STONE_WHITE);
    put(&req, 14, 0, STONE_WHITE);
    put(&req, 0, 14, STONE_WHITE);
    put(&req, 14, 14, STONE_WHITE);
    Move m33 = {7, 7};
    assert_int_equal(rules_forbidden(&req.board, req.rules, m33), FORBID_DOUBLE_THREE);
    for (int p = 0; p < AI_PRESET_COUNT; p++) {
        req.limits = ai_preset_limits((AiPreset)p);
        AiInfo info = run(ai, &req);
        assert_int_equal(rules_forbidden(&req.board, req.rules, info.best), FORBID_NONE);
    }

    /* Double four at (7, 7) (closed fours, each blocked at one end), and an
     * overline point at (5, 12). */
    req = make_req(15, RULE_RENJU, 5, STONE_BLACK);
    put_line(&req, 3, 7, 1, 0, 4, STONE_BLACK);
    put(&req, 3, 7, STONE_EMPTY);
    put(&req, 2, 7, STONE_WHITE);
    put_line(&req, 7, 3, 0, 1, 4, STONE_BLACK);
    put(&req, 7, 3, STONE_EMPTY);
    put(&req, 7, 2, STONE_WHITE);
    put_line(&req, 0, 12, 1, 0, 5, STONE_BLACK);
    put(&req, 2, 12, STONE_EMPTY);
    put(&req, 6, 12, STONE_BLACK);
    put(&req, 5, 12, STONE_EMPTY);
    put(&req, 1, 11, STONE_WHITE);
    put(&req, 12, 1, STONE_WHITE);
    put(&req, 13, 13, STONE_WHITE);
    put(&req, 11, 12, STONE_WHITE);
    assert_true(count_forbidden(&req) >= 1);
    for (int p = 0; p < AI_PRESET_COUNT; p++) {
        req.limits = ai_preset_limits((AiPreset)p);
        AiInfo info = run(ai, &req);
        assert_int_equal(rules_forbidden(&req.board, req.rules, info.best), FORBID_NONE);
    }
}

/* Renju: white may win with an overline. */
static void test_renju_white_overline_wins(void **state)
{
    Ai *ai = *state;
    AiRequest req = make_req(15, RULE_RENJU, 5, STONE_WHITE);
    put_line(&req, 2, 4, 1, 0, 3, STONE_WHITE);
    put_line(&req, 6, 4, 1, 0, 2, STONE_WHITE);
    put(&req, 1, 4, STONE_BLACK);
    put(&req, 8, 4, STONE_BLACK);
    put_line(&req, 3, 9, 1, 1, 3, STONE_BLACK);
    AiInfo info = run(ai, &req);
    assert_int_equal(info.best.x, 5);
    assert_int_equal(info.best.y, 4);
    assert_int_equal(info.mate_plies, 1);
}

static void test_cancel_before_call(void **state)
{
    Ai *ai = *state;
    atomic_int cancel;
    atomic_init(&cancel, 1);
    AiRequest req = make_req(15, RULE_FREESTYLE, 5, STONE_WHITE);
    put(&req, 7, 7, STONE_BLACK);
    put(&req, 8, 8, STONE_WHITE);
    put(&req, 8, 7, STONE_BLACK);
    req.cancel = &cancel;
    req.limits = ai_preset_limits(AI_PRESET_MASTER);
    AiInfo info = run(ai, &req);
    (void)info;

    /* Empty board too, and a one-millisecond budget. */
    req = make_req(15, RULE_FREESTYLE, 5, STONE_BLACK);
    req.cancel = &cancel;
    run(ai, &req);
    atomic_store(&cancel, 0);
    req.limits.time_ms = 1;
    req.limits.max_nodes = 0;
    req.limits.max_depth = AI_MAX_DEPTH;
    put(&req, 7, 7, STONE_BLACK);
    put(&req, 6, 6, STONE_WHITE);
    req.to_move = STONE_BLACK;
    run(ai, &req);
}

static void test_no_legal_move(void **state)
{
    Ai *ai = *state;
    AiRequest req = make_req(5, RULE_FREESTYLE, 6, STONE_BLACK);
    for (int y = 0; y < 5; y++) {
        for (int x = 0; x < 5; x++) {
            put(&req, x, y, ((x + 2 * y) % 3 == 0) ? STONE_BLACK : STONE_WHITE);
        }
    }
    AiInfo info;
    assert_int_equal(ai_search(ai, &req, &info), -1);
    assert_false(move_is_valid(info.best));
    req.rules.k = 9; /* invalid */
    assert_int_equal(ai_search(ai, &req, &info), -1);
    assert_int_equal(ai_search(NULL, &req, &info), -1);
}

typedef struct Depths {
    int n;
    int depth[AI_MAX_DEPTH + 1];
} Depths;

static void on_info(const AiInfo *info, void *user)
{
    Depths *d = user;
    assert_true(d->n <= AI_MAX_DEPTH);
    d->depth[d->n++] = info->depth;
    assert_true(move_is_valid(info->best));
    assert_true(info->pv_len >= 1);
    assert_true(move_equal(info->pv[0], info->best));
}

static void test_info_depths_increase(void **state)
{
    Ai *ai = *state;
    AiRequest req = make_req(15, RULE_FREESTYLE, 5, STONE_BLACK);
    put(&req, 7, 7, STONE_BLACK);
    put(&req, 8, 8, STONE_WHITE);
    put(&req, 8, 6, STONE_BLACK);
    put(&req, 6, 8, STONE_WHITE);
    Depths d = {0, {0}};
    req.on_info = on_info;
    req.user = &d;
    req.limits.max_depth = 5;
    req.limits.max_nodes = 0;
    AiInfo info = run(ai, &req);
    assert_true(d.n >= 3);
    for (int i = 1; i < d.n; i++) {
        assert_true(d.depth[i] > d.depth[i - 1]);
    }
    assert_int_equal(d.depth[d.n - 1], info.depth);
}

static void test_empty_board_centre(void **state)
{
    Ai *ai = *state;
    for (int si = 0; si < 3; si++) {
        int n = SIZES[si];
        AiRequest req = make_req(n, RULE_FREESTYLE, 5, STONE_BLACK);
        AiInfo info = run(ai, &req);
        assert_true(abs(info.best.x - n / 2) <= 1 && abs(info.best.y - n / 2) <= 1);
    }
    /* And the reply to a centre stone stays next to it. */
    AiRequest req = make_req(15, RULE_FREESTYLE, 5, STONE_WHITE);
    put(&req, 7, 7, STONE_BLACK);
    req.limits = ai_preset_limits(AI_PRESET_MEDIUM);
    AiInfo info = run(ai, &req);
    assert_true(abs(info.best.x - 7) <= 2 && abs(info.best.y - 7) <= 2);
}

/* Returns the single point where s wins now, or MOVE_NONE (also when there
 * are several). */
static Move only_win(const Board *b, Rules r, Stone s, int *count)
{
    Move w = MOVE_NONE;
    *count = 0;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (rules_wins_if_played(b, r, m, s)) {
                w = m;
                (*count)++;
            }
        }
    }
    return *count == 1 ? w : MOVE_NONE;
}

/* Black wins by fours (closed threes on a diagonal and a row; the column
 * through (8, 7) is dead).  The engine must announce a mate and carry it
 * out against the only defence each time. */
static void test_vcf(void **state)
{
    Ai *ai = *state;
    AiRequest req = make_req(15, RULE_FREESTYLE, 5, STONE_BLACK);
    put_line(&req, 5, 7, 1, 0, 3, STONE_BLACK);
    put(&req, 4, 7, STONE_WHITE);
    put_line(&req, 8, 5, 0, 1, 2, STONE_BLACK);
    put(&req, 8, 3, STONE_WHITE);
    put(&req, 8, 8, STONE_WHITE);
    put_line(&req, 5, 1, 1, 1, 3, STONE_BLACK);
    put(&req, 4, 0, STONE_WHITE);
    put(&req, 0, 14, STONE_WHITE);
    put(&req, 2, 14, STONE_WHITE);
    put(&req, 14, 14, STONE_WHITE);
    put(&req, 12, 14, STONE_WHITE);
    put(&req, 14, 11, STONE_WHITE);
    req.limits.max_depth = 4;
    req.limits.max_nodes = 50000;
    AiInfo info = run(ai, &req);
    assert_true(info.mate_plies > 0);
    for (int ply = 0; ply < 30; ply++) {
        info = run(ai, &req);
        Stone s = req.to_move;
        assert_true(info.mate_plies > 0);
        put(&req, info.best.x, info.best.y, s);
        if (rules_is_win(&req.board, req.rules, info.best, NULL, NULL)) {
            return;
        }
        int nwin;
        Move block = only_win(&req.board, req.rules, s, &nwin);
        assert_true(nwin >= 1);
        if (nwin == 1) {
            put(&req, block.x, block.y, stone_opponent(s));
        } else {
            /* Unstoppable: the defender's move does not matter. */
            Move any = {0, 0};
            while (board_get(&req.board, any.x, any.y) != STONE_EMPTY) {
                any.x++;
            }
            put(&req, any.x, any.y, stone_opponent(s));
        }
    }
    fail_msg("the announced win never came");
}

/* Black threatens a double four at (9, 7) (closed threes on row 7 and
 * column 9); white to move must break it, after which black, searching
 * at full strength, finds no forced win. */
static void test_stops_opponent_vcf(void **state)
{
    Ai *ai = *state;
    AiRequest req = make_req(15, RULE_FREESTYLE, 5, STONE_BLACK);
    put_line(&req, 5, 7, 1, 0, 3, STONE_BLACK);
    put(&req, 4, 7, STONE_WHITE);
    put_line(&req, 9, 4, 0, 1, 3, STONE_BLACK);
    put(&req, 9, 3, STONE_WHITE);
    /* White stones that take away black's other attacking chances. */
    put(&req, 6, 6, STONE_WHITE);
    put(&req, 8, 8, STONE_WHITE);
    put(&req, 10, 5, STONE_WHITE);
    put(&req, 8, 5, STONE_WHITE);
    put(&req, 6, 8, STONE_WHITE);
    put(&req, 10, 8, STONE_WHITE);
    /* The threat is real: black to move announces a win... */
    req.limits = ai_preset_limits(AI_PRESET_HARD);
    req.limits.time_ms = 0;
    AiInfo info = run(ai, &req);
    assert_true(info.mate_plies > 0);
    /* ...and (9, 7) leaves two winning points. */
    AiRequest probe = req;
    put(&probe, 9, 7, STONE_BLACK);
    int nwin;
    only_win(&probe.board, probe.rules, STONE_BLACK, &nwin);
    assert_int_equal(nwin, 2);

    req.to_move = STONE_WHITE;
    info = run(ai, &req);
    put(&req, info.best.x, info.best.y, STONE_WHITE);
    req.to_move = STONE_BLACK;
    info = run(ai, &req);
    assert_true(info.mate_plies <= 0);
}

/* The opponent's open three must be answered by a full-strength search. */
static void test_defends_open_three(void **state)
{
    Ai *ai = *state;
    AiRequest req = make_req(15, RULE_FREESTYLE, 5, STONE_WHITE);
    put_line(&req, 6, 7, 1, 0, 3, STONE_BLACK);
    put(&req, 7, 8, STONE_WHITE);
    put(&req, 7, 6, STONE_WHITE);
    put(&req, 3, 3, STONE_BLACK);
    req.limits = ai_preset_limits(AI_PRESET_HARD);
    AiInfo info = run(ai, &req);
    assert_int_equal(info.best.y, 7);
    assert_true(info.best.x == 5 || info.best.x == 9 || info.best.x == 4 || info.best.x == 10);
}

static void test_deterministic(void **state)
{
    Ai *ai = *state;
    Ai *other = ai_new(1 << 20); /* same table size: same answers */
    assert_non_null(other);
    AiRequest req = make_req(15, RULE_FREESTYLE, 5, STONE_BLACK);
    put(&req, 7, 7, STONE_BLACK);
    put(&req, 8, 8, STONE_WHITE);
    put(&req, 8, 6, STONE_BLACK);
    put(&req, 6, 8, STONE_WHITE);
    put(&req, 9, 7, STONE_BLACK);
    put(&req, 7, 9, STONE_WHITE);
    for (int p = 0; p < AI_PRESET_COUNT - 1; p++) {
        req.limits = ai_preset_limits((AiPreset)p);
        req.limits.time_ms = 0;
        /* The table persists across searches: clear it for a fresh start. */
        ai_clear(ai);
        ai_clear(other);
        AiInfo a = run(ai, &req);
        AiInfo b = run(other, &req);
        ai_clear(ai);
        AiInfo c = run(ai, &req);
        assert_true(move_equal(a.best, b.best));
        assert_true(move_equal(a.best, c.best));
        assert_int_equal(a.score, b.score);
        assert_true(a.nodes == b.nodes);
    }
    ai_free(other);
}

/* Self-play over many sizes, k and rules: every move is legal, takes a
 * win when there is one and blocks a single winning threat. */
static void test_selfplay_hard_rules(void **state)
{
    Ai *ai = *state;
    const int sizes[] = {5, 6, 9, 13, 22};
    const RuleKind kinds[] = {RULE_FREESTYLE, RULE_EXACT, RULE_RENJU};
    int games = 0;
    for (int si = 0; si < 5; si++) {
        for (int ki = 0; ki < 3; ki++) {
            for (int k = 1; k <= 6; k++) {
                if (kinds[ki] == RULE_RENJU && k != 5) {
                    continue;
                }
                int n = sizes[si];
                AiRequest req = make_req(n, kinds[ki], k, STONE_BLACK);
                req.limits.max_depth = 3;
                req.limits.max_nodes = 1500;
                req.limits.miss_three_pct = 30;
                games++;
                for (int ply = 0; ply < n * n; ply++) {
                    Stone me = req.to_move, opp = stone_opponent(me);
                    int my_wins, their_wins;
                    only_win(&req.board, req.rules, me, &my_wins);
                    Move threat = only_win(&req.board, req.rules, opp, &their_wins);
                    req.limits.seed = (uint32_t)ply;
                    AiInfo info;
                    if (ai_search(ai, &req, &info) != 0) {
                        /* Only when nothing is playable. */
                        assert_false(move_is_valid(info.best));
                        break;
                    }
                    assert_int_equal(board_get(&req.board, info.best.x, info.best.y), STONE_EMPTY);
                    if (req.rules.kind == RULE_RENJU && me == STONE_BLACK) {
                        assert_int_equal(rules_forbidden(&req.board, req.rules, info.best),
                                         FORBID_NONE);
                    }
                    if (my_wins > 0) {
                        assert_true(rules_wins_if_played(&req.board, req.rules, info.best, me));
                    } else if (their_wins == 1 &&
                               (req.rules.kind != RULE_RENJU || me == STONE_WHITE ||
                                rules_forbidden(&req.board, req.rules, threat) == FORBID_NONE)) {
                        assert_true(move_equal(info.best, threat));
                    }
                    put(&req, info.best.x, info.best.y, me);
                    if (rules_is_win(&req.board, req.rules, info.best, NULL, NULL)) {
                        break;
                    }
                    req.to_move = opp;
                }
            }
        }
    }
    assert_int_equal(games, 5 * 13);
}

static void test_presets(void **state)
{
    (void)state;
    int64_t prev_nodes = 0;
    for (int p = 0; p < AI_PRESET_COUNT; p++) {
        AiLimits l = ai_preset_limits((AiPreset)p);
        assert_non_null(ai_preset_name((AiPreset)p));
        assert_true(l.max_depth >= 1 && l.max_depth <= AI_MAX_DEPTH);
        assert_true(l.max_nodes > prev_nodes);
        assert_true(l.time_ms > 0);
        prev_nodes = l.max_nodes;
    }
    assert_string_equal(ai_preset_name(AI_PRESET_BEGINNER), "Beginner");
    assert_string_equal(ai_preset_name(AI_PRESET_MASTER), "Master");
    assert_int_equal(ai_preset_limits(AI_PRESET_MASTER).miss_three_pct, 0);

    /* Names come back to their preset whatever the ASCII case; anything
     * else is refused and leaves the caller's value alone. */
    AiPreset found = AI_PRESET_COUNT;
    for (int p = 0; p < AI_PRESET_COUNT; p++) {
        assert_int_equal(ai_preset_from_name(ai_preset_name((AiPreset)p), &found), 0);
        assert_int_equal(found, p);
    }
    assert_int_equal(ai_preset_from_name("mASTER", &found), 0);
    assert_int_equal(found, AI_PRESET_MASTER);
    assert_int_equal(ai_preset_from_name("Mast", &found), -1);
    assert_int_equal(ai_preset_from_name("Masters", &found), -1);
    assert_int_equal(ai_preset_from_name("", &found), -1);
    assert_int_equal(ai_preset_from_name(NULL, &found), -1);
    assert_int_equal(found, AI_PRESET_MASTER);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_win_in_one, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_block_loss_in_one, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_block_k2, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_exact_overline_is_not_a_win, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_exact_overline_no_fake_mate, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_renju_black_avoids_forbidden, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_renju_white_overline_wins, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_cancel_before_call, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_no_legal_move, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_info_depths_increase, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_empty_board_centre, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_vcf, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_stops_opponent_vcf, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_defends_open_three, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_deterministic, setup_ai, teardown_ai),
        cmocka_unit_test_setup_teardown(test_selfplay_hard_rules, setup_ai, teardown_ai),
        cmocka_unit_test(test_presets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
