/*
 * test_board.c - the Board value type.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/board.h"
#include "test_util.h"

static void test_init_sizes(void **state)
{
    (void)state;
    Board b;
    assert_int_equal(board_init(NULL, 9), -1);
    assert_int_equal(board_init(&b, BOARD_MIN_SIZE), 0);
    b.count = 77; /* a rejected init must leave the board alone */
    assert_int_equal(board_init(&b, BOARD_MIN_SIZE - 1), -1);
    assert_int_equal(board_init(&b, BOARD_MAX_SIZE + 1), -1);
    assert_int_equal(b.count, 77);
    for (int n = BOARD_MIN_SIZE; n <= BOARD_MAX_SIZE; n++) {
        assert_int_equal(board_init(&b, n), 0);
        assert_int_equal(b.size, n);
        assert_int_equal(b.count, 0);
        assert_false(board_is_full(&b));
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                assert_int_equal(board_get(&b, x, y), STONE_EMPTY);
            }
        }
    }
}

static void test_bounds(void **state)
{
    (void)state;
    Board b;
    assert_int_equal(board_init(&b, 9), 0);
    assert_true(board_in_bounds(&b, 0, 0));
    assert_true(board_in_bounds(&b, 8, 8));
    assert_false(board_in_bounds(&b, -1, 0));
    assert_false(board_in_bounds(&b, 0, -1));
    assert_false(board_in_bounds(&b, 9, 0));
    assert_false(board_in_bounds(&b, 0, 9));
    /* Cells past the size but inside the stride must not be reachable. */
    assert_int_equal(board_set(&b, 9, 0, STONE_BLACK), -1);
    assert_int_equal(board_set(&b, -1, 3, STONE_BLACK), -1);
    assert_int_equal(board_get(&b, 9, 0), STONE_EMPTY);
    assert_int_equal(board_get(&b, 100, -100), STONE_EMPTY);
    assert_int_equal(b.count, 0);
}

static void test_set_get_count(void **state)
{
    (void)state;
    Board b;
    assert_int_equal(board_init(&b, 5), 0);
    assert_int_equal(board_set(&b, 2, 3, STONE_BLACK), 0);
    assert_int_equal(board_get(&b, 2, 3), STONE_BLACK);
    assert_int_equal(board_get(&b, 3, 2), STONE_EMPTY);
    assert_int_equal(b.count, 1);
    /* Recolouring keeps the count; clearing lowers it. */
    assert_int_equal(board_set(&b, 2, 3, STONE_WHITE), 0);
    assert_int_equal(board_get(&b, 2, 3), STONE_WHITE);
    assert_int_equal(b.count, 1);
    assert_int_equal(board_set(&b, 2, 3, STONE_EMPTY), 0);
    assert_int_equal(b.count, 0);
    assert_int_equal(board_set(&b, 2, 3, STONE_EMPTY), 0);
    assert_int_equal(b.count, 0);
    /* Not a stone value. */
    assert_int_equal(board_set(&b, 1, 1, (Stone)7), -1);
    assert_int_equal(board_get(&b, 1, 1), STONE_EMPTY);
}

static void test_full(void **state)
{
    (void)state;
    Board b;
    assert_int_equal(board_init(&b, 5), 0);
    for (int i = 0; i < 25; i++) {
        assert_false(board_is_full(&b));
        assert_int_equal(board_set(&b, i % 5, i / 5, (i % 2) ? STONE_WHITE : STONE_BLACK), 0);
    }
    assert_true(board_is_full(&b));
    assert_int_equal(b.count, 25);
    assert_int_equal(board_set(&b, 4, 4, STONE_EMPTY), 0);
    assert_false(board_is_full(&b));
}

static void test_run(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "XXX.O", "X....", "X.X..", ".O.X.", "X...X",
    };
    Board b;
    assert_int_equal(tu_board_from_rows(&b, rows, 5, NULL), 0);
    assert_int_equal(board_run(&b, 0, 0, 1, 0, STONE_BLACK), 2);
    assert_int_equal(board_run(&b, 3, 0, -1, 0, STONE_BLACK), 3);
    assert_int_equal(board_run(&b, 0, 0, 0, 1, STONE_BLACK), 2);
    assert_int_equal(board_run(&b, 0, 0, 1, 1, STONE_BLACK), 0);
    assert_int_equal(board_run(&b, 1, 1, 1, 1, STONE_BLACK), 3);
    assert_int_equal(board_run(&b, 1, 1, -1, -1, STONE_BLACK), 1);
    assert_int_equal(board_run(&b, 3, 0, 1, 0, STONE_WHITE), 1);
    assert_int_equal(board_run(&b, 0, 4, 1, -1, STONE_WHITE), 1);
    /* Running off the board stops the count. */
    assert_int_equal(board_run(&b, 4, 4, 1, 0, STONE_BLACK), 0);
    assert_int_equal(board_run(&b, 4, 4, 0, 0, STONE_BLACK), 0);
}

static void test_helpers(void **state)
{
    (void)state;
    assert_int_equal(stone_opponent(STONE_BLACK), STONE_WHITE);
    assert_int_equal(stone_opponent(STONE_WHITE), STONE_BLACK);
    assert_int_equal(stone_opponent(STONE_EMPTY), STONE_EMPTY);
    assert_false(move_is_valid(MOVE_NONE));
    assert_true(move_is_valid(tu_mv(0, 0)));
    assert_false(move_is_valid(tu_mv(3, -1)));
    assert_true(move_equal(tu_mv(3, 4), tu_mv(3, 4)));
    assert_false(move_equal(tu_mv(3, 4), tu_mv(4, 3)));
    assert_true(move_equal(MOVE_NONE, MOVE_NONE));
}

static void test_diagram_parser(void **state)
{
    (void)state;
    static const char *const good[] = {".....", "..*..", ".XO..", ".....", "....."};
    static const char *const two_marks[] = {"*....", "..*..", ".....", ".....", "....."};
    static const char *const short_row[] = {".....", "....", ".....", ".....", "....."};
    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, good, 5, &m), 0);
    assert_true(move_equal(m, tu_mv(2, 1)));
    assert_int_equal(board_get(&b, 1, 2), STONE_BLACK);
    assert_int_equal(board_get(&b, 2, 2), STONE_WHITE);
    assert_int_equal(b.count, 2);
    assert_int_equal(tu_board_from_rows(&b, two_marks, 5, &m), -1);
    assert_int_equal(tu_board_from_rows(&b, short_row, 5, &m), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_sizes),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_set_get_count),
        cmocka_unit_test(test_full),
        cmocka_unit_test(test_run),
        cmocka_unit_test(test_helpers),
        cmocka_unit_test(test_diagram_parser),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
