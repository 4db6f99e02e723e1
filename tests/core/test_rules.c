/*
 * test_rules.c - win detection for freestyle and exact rules, any k.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/rules.h"
#include "test_util.h"

static const int DIRS[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

/* Asserts that line[0..len) is exactly the n cells start + i * (dx, dy),
 * in order along the line (either way round). */
static void assert_line_is(const Move *line, int len, Move start, int dx, int dy, int n)
{
    assert_int_equal(len, n);
    bool forward = true, backward = true;
    for (int i = 0; i < n; i++) {
        Move f = tu_mv(start.x + i * dx, start.y + i * dy);
        Move r = tu_mv(start.x + (n - 1 - i) * dx, start.y + (n - 1 - i) * dy);
        forward = forward && move_equal(line[i], f);
        backward = backward && move_equal(line[i], r);
    }
    assert_true(forward || backward);
}

static void test_valid(void **state)
{
    (void)state;
    for (int k = -1; k <= 8; k++) {
        bool in_range = k >= RULES_MIN_K && k <= RULES_MAX_K;
        assert_int_equal(rules_valid((Rules){RULE_FREESTYLE, k}), in_range);
        assert_int_equal(rules_valid((Rules){RULE_EXACT, k}), in_range);
        assert_int_equal(rules_valid((Rules){RULE_RENJU, k}), k == 5);
    }
    assert_false(rules_valid((Rules){(RuleKind)9, 5}));
}

/* Every k, both win rules, all four directions, every placement on a
 * 9x9 board (so edges and corners are included), and every stone of the
 * line as the last one played (so gaps get filled). */
static void test_wins_every_k_direction_and_place(void **state)
{
    (void)state;
    const int n = 9;
    for (int kind = RULE_FREESTYLE; kind <= RULE_EXACT; kind++) {
        for (int k = RULES_MIN_K; k <= RULES_MAX_K; k++) {
            Rules r = {(RuleKind)kind, k};
            for (int d = 0; d < 4; d++) {
                int dx = DIRS[d][0], dy = DIRS[d][1];
                for (int sy = 0; sy < n; sy++) {
                    for (int sx = 0; sx < n; sx++) {
                        int ex = sx + (k - 1) * dx, ey = sy + (k - 1) * dy;
                        if (ex < 0 || ey < 0 || ex >= n || ey >= n) {
                            continue;
                        }
                        for (int last = 0; last < k; last++) {
                            Stone s = (last % 2) ? STONE_WHITE : STONE_BLACK;
                            Board b;
                            assert_int_equal(board_init(&b, n), 0);
                            for (int i = 0; i < k; i++) {
                                if (i != last) {
                                    board_set(&b, sx + i * dx, sy + i * dy, s);
                                    assert_false(rules_is_win(
                                        &b, r, tu_mv(sx + i * dx, sy + i * dy), NULL, NULL));
                                }
                            }
                            Move m = tu_mv(sx + last * dx, sy + last * dy);
                            assert_true(rules_wins_if_played(&b, r, m, s));
                            assert_false(rules_wins_if_played(&b, r, m, stone_opponent(s)) &&
                                         k > 1);
                            board_set(&b, m.x, m.y, s);
                            Move line[BOARD_MAX_SIZE];
                            int len = -1;
                            assert_true(rules_is_win(&b, r, m, line, &len));
                            assert_line_is(line, len, tu_mv(sx, sy), dx, dy, k);
                        }
                    }
                }
            }
        }
    }
}

/* A line of k+1: freestyle wins, exact does not, wherever the last stone
 * goes (end or middle). */
static void test_exact_vs_freestyle(void **state)
{
    (void)state;
    for (int k = 1; k <= RULES_MAX_K; k++) {
        for (int d = 0; d < 4; d++) {
            int dx = DIRS[d][0], dy = DIRS[d][1];
            for (int last = 0; last <= k; last++) {
                Board b;
                assert_int_equal(board_init(&b, 11), 0);
                int sx = 2, sy = (dy < 0) ? 9 : 1;
                for (int i = 0; i <= k; i++) {
                    if (i != last) {
                        board_set(&b, sx + i * dx, sy + i * dy, STONE_BLACK);
                    }
                }
                Move m = tu_mv(sx + last * dx, sy + last * dy);
                Rules fr = {RULE_FREESTYLE, k}, ex = {RULE_EXACT, k};
                assert_true(rules_wins_if_played(&b, fr, m, STONE_BLACK));
                board_set(&b, m.x, m.y, STONE_BLACK);
                Move line[BOARD_MAX_SIZE];
                int len = 0;
                assert_true(rules_is_win(&b, fr, m, line, &len));
                if (k > 1) {
                    /* (for k = 1 any direction is a win and may be the one
                     * reported) */
                    assert_line_is(line, len, tu_mv(sx, sy), dx, dy, k + 1);
                    assert_false(rules_is_win(&b, ex, m, NULL, NULL));
                    board_set(&b, m.x, m.y, STONE_EMPTY);
                    assert_false(rules_wins_if_played(&b, ex, m, STONE_BLACK));
                } else {
                    /* Exact one: the stone is still a line of exactly one
                     * across the pair. */
                    assert_true(rules_is_win(&b, ex, m, NULL, NULL));
                }
            }
        }
    }
}

/* Exact: a longer line in one direction does not spoil an exact line in
 * another, and the line reported is the exact one. */
static void test_exact_crossing_lines(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ".........", "....X....", "....X....", "....X....", "XXXX*XXX.",
        "....X....", ".........", ".........", ".........",
    };
    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, rows, 9, &m), 0);
    Rules ex = {RULE_EXACT, 5};
    assert_true(rules_wins_if_played(&b, ex, m, STONE_BLACK));
    board_set(&b, m.x, m.y, STONE_BLACK);
    Move line[BOARD_MAX_SIZE];
    int len = 0;
    assert_true(rules_is_win(&b, ex, m, line, &len));
    assert_line_is(line, len, tu_mv(4, 1), 0, 1, 5);
    /* Freestyle reports a winning line too: either one is a real win. */
    assert_true(rules_is_win(&b, (Rules){RULE_FREESTYLE, 5}, m, line, &len));
    assert_true(len == 5 || len == 8);
}

static void test_not_wins(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ".........", ".XXXXO...", ".........", "..XX.XX..", ".........",
        "OXXXX*...", ".........", ".........", "X.X.X.X.X",
    };
    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, rows, 9, &m), 0);
    Rules fr = {RULE_FREESTYLE, 5};
    for (int y = 0; y < 9; y++) {
        for (int x = 0; x < 9; x++) {
            /* No existing stone is part of a five. */
            assert_false(rules_is_win(&b, fr, tu_mv(x, y), NULL, NULL));
        }
    }
    /* Black's four blocked by white: the open end still makes five, for
     * black only. */
    assert_true(rules_wins_if_played(&b, fr, tu_mv(0, 1), STONE_BLACK));
    assert_false(rules_wins_if_played(&b, fr, tu_mv(0, 1), STONE_WHITE));
    /* Filling the gap of XX.XX makes five. */
    assert_true(rules_wins_if_played(&b, fr, tu_mv(4, 3), STONE_BLACK));
    assert_false(rules_wins_if_played(&b, fr, tu_mv(4, 3), STONE_WHITE));
    /* X.X.X.X.X: any gap gives only three. */
    assert_false(rules_wins_if_played(&b, fr, tu_mv(3, 8), STONE_BLACK));
    assert_true(rules_wins_if_played(&b, fr, m, STONE_BLACK));
    assert_false(rules_wins_if_played(&b, fr, m, STONE_WHITE));
    /* Occupied and off-board points never win; neither do bad arguments. */
    assert_false(rules_wins_if_played(&b, fr, tu_mv(1, 1), STONE_BLACK));
    assert_false(rules_wins_if_played(&b, fr, tu_mv(-1, 1), STONE_BLACK));
    assert_false(rules_wins_if_played(&b, fr, tu_mv(9, 5), STONE_BLACK));
    assert_false(rules_wins_if_played(&b, fr, m, STONE_EMPTY));
    assert_false(rules_wins_if_played(&b, (Rules){RULE_FREESTYLE, 0}, m, STONE_BLACK));
    assert_false(rules_wins_if_played(NULL, fr, m, STONE_BLACK));
    assert_false(rules_is_win(&b, fr, m, NULL, NULL)); /* empty point */
    assert_false(rules_is_win(&b, fr, tu_mv(20, 20), NULL, NULL));
    assert_false(rules_is_win(NULL, fr, m, NULL, NULL));
}

static void test_line_length(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "XXX.X", ".X...", "..X..", "...O.", "X...X",
    };
    Board b;
    assert_int_equal(tu_board_from_rows(&b, rows, 5, NULL), 0);
    assert_int_equal(rules_line_length(&b, 1, 0, 1, 0, STONE_BLACK), 3);
    assert_int_equal(rules_line_length(&b, 1, 0, -1, 0, STONE_BLACK), 3);
    assert_int_equal(rules_line_length(&b, 1, 1, 1, 1, STONE_BLACK), 3);
    assert_int_equal(rules_line_length(&b, 4, 0, 0, 1, STONE_BLACK), 1);
    assert_int_equal(rules_line_length(&b, 3, 3, 1, 1, STONE_WHITE), 1);
}

static void test_names(void **state)
{
    (void)state;
    assert_string_equal(rules_kind_name(RULE_FREESTYLE), "Freestyle");
    assert_string_equal(rules_kind_name(RULE_EXACT), "Exact");
    assert_string_equal(rules_kind_name(RULE_RENJU), "Renju");
    assert_non_null(rules_kind_name((RuleKind)42));
    assert_string_equal(rules_forbidden_name(FORBID_OVERLINE), "overline");
    assert_string_equal(rules_forbidden_name(FORBID_DOUBLE_FOUR), "double four");
    assert_string_equal(rules_forbidden_name(FORBID_DOUBLE_THREE), "double three");
    assert_non_null(rules_forbidden_name(FORBID_NONE));
    assert_non_null(rules_forbidden_name((Forbidden)42));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid),
        cmocka_unit_test(test_wins_every_k_direction_and_place),
        cmocka_unit_test(test_exact_vs_freestyle),
        cmocka_unit_test(test_exact_crossing_lines),
        cmocka_unit_test(test_not_wins),
        cmocka_unit_test(test_line_length),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
