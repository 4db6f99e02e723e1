/*
 * test_brain_swap2.c - SWAP2BOARD as text (brain_swap2.h): the stone lines
 * taken and refused, the checks at DONE, the answer lines, which answers
 * are playable, and whose stones are whose after an answer.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "brain_swap2.h"

static int add(BrainSwap2 *s, const char *line)
{
    char err[160];
    return brain_swap2_add(s, scan_cstr(line), 15, err, sizeof err);
}

static void test_stone_lines(void **state)
{
    (void)state;
    BrainSwap2 s = {0};
    char err[160];

    assert_int_equal(add(&s, "7,7"), 0);
    assert_int_equal(add(&s, " 8 , 7 , 1 "), 0); /* BOARD's x,y,f, blanks */
    assert_int_equal(add(&s, "9,9,2"), 0);
    assert_int_equal(s.count, 3);
    assert_int_equal(s.stone[1].x, 8);
    assert_int_equal(s.stone[1].y, 7);
    static const char *const bad[] = {"7,7", "15,0", "-1,3", "1,2,3", "1", "a,b", "1,2,1,1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(add(&s, bad[i]), -1);
    }
    assert_int_equal(s.count, 3);
    assert_int_equal(brain_swap2_add(&s, scan_cstr("7,7"), 15, err, sizeof err), -1);
    assert_string_equal(err, "SWAP2BOARD: point 7,7 given twice");
    assert_int_equal(add(&s, "1,1"), 0);
    assert_int_equal(add(&s, "2,2"), 0);
    assert_int_equal(brain_swap2_add(&s, scan_cstr("3,3"), 15, err, sizeof err), -1);
    assert_string_equal(err, "SWAP2BOARD: more than 5 stones");
}

static void test_checks_at_done(void **state)
{
    (void)state;
    BrainSwap2 s = {0};
    Rules five = {RULE_FREESTYLE, 5}, six = {RULE_FREESTYLE, 6};
    char err[160];

    for (int n = 0; n <= 5; n++) {
        s.count = n;
        int ok = n == 0 || n == 3 || n == 5;
        assert_int_equal(brain_swap2_check(&s, five, err, sizeof err), ok ? 0 : -1);
    }
    s.count = 3;
    assert_int_equal(brain_swap2_check(&s, six, err, sizeof err), -1);
    assert_string_equal(err, "SWAP2BOARD needs five in a row, not 6");
}

static void test_reply_lines(void **state)
{
    (void)state;
    char buf[64];
    AiOpening o = {AI_OPENING_PLACE, 3, {{7, 7}, {8, 7}, {10, 11}}, 0};

    assert_string_equal(brain_swap2_reply(&o, buf, sizeof buf), "7,7 8,7 10,11");
    o.count = 2;
    assert_string_equal(brain_swap2_reply(&o, buf, sizeof buf), "7,7 8,7");
    o.action = AI_OPENING_TAKE_WHITE;
    o.count = 1;
    assert_string_equal(brain_swap2_reply(&o, buf, sizeof buf), "7,7");
    o.action = AI_OPENING_TAKE_BLACK;
    o.count = 0;
    assert_string_equal(brain_swap2_reply(&o, buf, sizeof buf), "SWAP");
    o = brain_swap2_fallback(&(BrainSwap2){0}, 15);
    assert_string_equal(brain_swap2_reply(&o, buf, sizeof buf), "7,7 8,7 7,8");
}

static void test_playable_answers(void **state)
{
    (void)state;
    Rules five = {RULE_FREESTYLE, 5};
    BrainSwap2 none = {0};
    BrainSwap2 three = {3, {{7, 7}, {8, 7}, {9, 9}}};
    AiOpening place3 = {AI_OPENING_PLACE, 3, {{1, 1}, {2, 2}, {3, 3}}, 0};
    AiOpening place2 = {AI_OPENING_PLACE, 2, {{1, 1}, {2, 2}}, 0};
    AiOpening white = {AI_OPENING_TAKE_WHITE, 1, {{1, 1}}, 0};
    AiOpening black = {AI_OPENING_TAKE_BLACK, 0, {{0, 0}}, 0};

    assert_true(brain_swap2_valid(&none, &place3, five, 15));
    assert_false(brain_swap2_valid(&none, &black, five, 15));
    assert_false(brain_swap2_valid(&none, &place2, five, 15));
    assert_true(brain_swap2_valid(&three, &place2, five, 15));
    assert_true(brain_swap2_valid(&three, &white, five, 15));
    assert_true(brain_swap2_valid(&three, &black, five, 15));
    assert_false(brain_swap2_valid(&three, &place3, five, 15));
    AiOpening on_stone = {AI_OPENING_TAKE_WHITE, 1, {{9, 9}}, 0};
    assert_false(brain_swap2_valid(&three, &on_stone, five, 15));
    AiOpening off = {AI_OPENING_PLACE, 2, {{1, 1}, {15, 2}}, 0};
    assert_false(brain_swap2_valid(&three, &off, five, 15));
    BrainSwap2 five_stones = {5, {{7, 7}, {8, 7}, {9, 9}, {1, 1}, {2, 2}}};
    assert_false(brain_swap2_valid(&five_stones, &place2, five, 15));
    AiOpening white6 = {AI_OPENING_TAKE_WHITE, 1, {{3, 3}}, 0};
    assert_true(brain_swap2_valid(&five_stones, &white6, five, 15));
}

static void test_whose_stones_after(void **state)
{
    (void)state;
    BrainSwap2 three = {3, {{7, 7}, {8, 7}, {9, 9}}};
    Board board;
    AiOpening white = {AI_OPENING_TAKE_WHITE, 1, {{6, 6}}, 0};
    AiOpening place2 = {AI_OPENING_PLACE, 2, {{6, 6}, {5, 5}}, 0};
    AiOpening black = {AI_OPENING_TAKE_BLACK, 0, {{0, 0}}, 0};

    brain_swap2_board(&three, 15, &board);
    assert_int_equal(brain_swap2_apply(&three, &white, &board), STONE_WHITE);
    assert_int_equal(board_get(&board, 6, 6), STONE_WHITE);
    assert_int_equal(board_get(&board, 9, 9), STONE_BLACK);
    brain_swap2_board(&three, 15, &board);
    assert_int_equal(brain_swap2_apply(&three, &place2, &board), STONE_BLACK);
    assert_int_equal(board_get(&board, 5, 5), STONE_BLACK);
    assert_int_equal(board.count, 5);
    brain_swap2_board(&three, 15, &board);
    assert_int_equal(brain_swap2_apply(&three, &black, &board), STONE_BLACK);
    assert_int_equal(board.count, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stone_lines),        cmocka_unit_test(test_checks_at_done),
        cmocka_unit_test(test_reply_lines),        cmocka_unit_test(test_playable_answers),
        cmocka_unit_test(test_whose_stones_after),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
