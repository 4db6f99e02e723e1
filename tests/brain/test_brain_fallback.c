/*
 * test_brain_fallback.c - the move the brain plays without its engine.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "brain_fallback.h"

static const Rules FREESTYLE = {RULE_FREESTYLE, 5};

/* Puts count stones of s in a row from (x, y) along (dx, dy). */
static void line(Board *b, Stone s, int x, int y, int dx, int dy, int count)
{
    for (int i = 0; i < count; i++) {
        board_set(b, x + i * dx, y + i * dy, s);
    }
}

static void assert_move(Move m, int x, int y)
{
    assert_int_equal(m.x, x);
    assert_int_equal(m.y, y);
}

static void test_empty_board_opens_in_the_centre(void **state)
{
    (void)state;
    Board b;
    board_init(&b, 15);
    assert_move(brain_fallback_move(&b, FREESTYLE, STONE_BLACK), 7, 7);
}

static void test_wins_before_it_blocks(void **state)
{
    (void)state;
    Board b;
    board_init(&b, 15);
    line(&b, STONE_WHITE, 2, 2, 1, 0, 4); /* white threatens (6,2) or (1,2) */
    line(&b, STONE_BLACK, 2, 10, 0, 1, 4);
    board_set(&b, 2, 9, STONE_WHITE); /* black wins only at (2,14) */
    assert_move(brain_fallback_move(&b, FREESTYLE, STONE_BLACK), 2, 14);
}

static void test_blocks_the_opponents_five(void **state)
{
    (void)state;
    Board b;
    board_init(&b, 15);
    line(&b, STONE_WHITE, 3, 3, 1, 1, 4);
    board_set(&b, 2, 2, STONE_BLACK); /* white's five only at (7,7) */
    board_set(&b, 12, 0, STONE_BLACK);
    assert_move(brain_fallback_move(&b, FREESTYLE, STONE_BLACK), 7, 7);
}

static void test_plays_beside_the_stones(void **state)
{
    (void)state;
    Board b;
    board_init(&b, 15);
    board_set(&b, 0, 0, STONE_WHITE);
    Move m = brain_fallback_move(&b, FREESTYLE, STONE_BLACK);
    assert_true(m.x <= 1 && m.y <= 1 && !(m.x == 0 && m.y == 0));
}

static void test_full_board_has_no_move(void **state)
{
    (void)state;
    Board b;
    board_init(&b, 9);
    for (int y = 0; y < 9; y++) {
        for (int x = 0; x < 9; x++) {
            board_set(&b, x, y, (x / 2 + y) % 2 == 0 ? STONE_BLACK : STONE_WHITE);
        }
    }
    assert_false(move_is_valid(brain_fallback_move(&b, FREESTYLE, STONE_BLACK)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_board_opens_in_the_centre),
        cmocka_unit_test(test_wins_before_it_blocks),
        cmocka_unit_test(test_blocks_the_opponents_five),
        cmocka_unit_test(test_plays_beside_the_stones),
        cmocka_unit_test(test_full_board_has_no_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
