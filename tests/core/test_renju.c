/*
 * test_renju.c - renju: black's forbidden points and what wins.
 *
 * Positions are diagrams: X black, O white, . empty, * the point tested
 * (black to play there).  Each expectation is explained next to it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/rules.h"
#include "test_util.h"

#define N_ROWS(rows) ((int)(sizeof(rows) / sizeof((rows)[0])))

static const Rules RENJU = {RULE_RENJU, 5};

/* Parses the diagram and returns the verdict for its '*' point. */
static Forbidden verdict(const char *const *rows, int n)
{
    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, rows, n, &m), 0);
    assert_true(move_is_valid(m));
    return rules_forbidden(&b, RENJU, m);
}

#define ASSERT_VERDICT(rows, expected) assert_int_equal(verdict((rows), N_ROWS(rows)), (expected))

/* ---- overline ---------------------------------------------------------- */

static void test_overline_black_forbidden_white_wins(void **state)
{
    (void)state;
    static const char *const black[] = {
        "...........", "...........", "...........", "...........", "...........",
        "..XXX*XX...", /* six in a row once * is played */
        "...........", "...........", "...........", "...........", "...........",
    };
    static const char *const white[] = {
        "...........", "...........", "...........", "...........", "...........", "..OOO*OO...",
        "...........", "...........", "...........", "...........", "...........",
    };
    ASSERT_VERDICT(black, FORBID_OVERLINE);

    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, black, 11, &m), 0);
    assert_false(rules_wins_if_played(&b, RENJU, m, STONE_BLACK));
    board_set(&b, m.x, m.y, STONE_BLACK);
    assert_false(rules_is_win(&b, RENJU, m, NULL, NULL));
    /* The same line is a win under freestyle. */
    assert_true(rules_is_win(&b, (Rules){RULE_FREESTYLE, 5}, m, NULL, NULL));

    assert_int_equal(tu_board_from_rows(&b, white, 11, &m), 0);
    assert_true(rules_wins_if_played(&b, RENJU, m, STONE_WHITE));
    board_set(&b, m.x, m.y, STONE_WHITE);
    Move line[BOARD_MAX_SIZE];
    int len = 0;
    assert_true(rules_is_win(&b, RENJU, m, line, &len));
    assert_int_equal(len, 6);
}

static void test_exact_five_wins_for_black(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "...........", "...........", "...........", "...........", "...........", "..XX*XX....",
        "...........", "...........", "...........", "...........", "...........",
    };
    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, rows, 11, &m), 0);
    ASSERT_VERDICT(rows, FORBID_NONE);
    assert_true(rules_wins_if_played(&b, RENJU, m, STONE_BLACK));
    board_set(&b, m.x, m.y, STONE_BLACK);
    Move line[BOARD_MAX_SIZE];
    int len = 0;
    assert_true(rules_is_win(&b, RENJU, m, line, &len));
    assert_int_equal(len, 5);
}

/* ---- five has priority ------------------------------------------------- */

static void test_five_beats_overline(void **state)
{
    (void)state;
    /* Horizontal: exactly five.  Vertical: six.  The five wins. */
    static const char *const rows[] = {
        "...........", "...........", ".....X.....", ".....X.....", ".....X.....", "...XX*XX...",
        ".....X.....", ".....X.....", "...........", "...........", "...........",
    };
    /* Same vertical six with only four horizontally: plain overline. */
    static const char *const no_five[] = {
        "...........", "...........", ".....X.....", ".....X.....", ".....X.....", "...XX*X....",
        ".....X.....", ".....X.....", "...........", "...........", "...........",
    };
    ASSERT_VERDICT(rows, FORBID_NONE);
    ASSERT_VERDICT(no_five, FORBID_OVERLINE);
    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, rows, 11, &m), 0);
    assert_true(rules_wins_if_played(&b, RENJU, m, STONE_BLACK));
}

static void test_five_beats_double_four(void **state)
{
    (void)state;
    /* Five across plus straight fours down and on the diagonal. */
    static const char *const rows[] = {
        "...........", "...........", "..X..X.....", "...X.X.....", "....XX.....", "...XX*XX...",
        "...........", "...........", "...........", "...........", "...........",
    };
    ASSERT_VERDICT(rows, FORBID_NONE);
    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, rows, 11, &m), 0);
    assert_true(rules_wins_if_played(&b, RENJU, m, STONE_BLACK));
}

/* ---- double four ------------------------------------------------------- */

static void test_double_four_two_lines(void **state)
{
    (void)state;
    static const char *const open[] = {
        "...........", "...........", "...........", "...........", "...........", "..XXX*.....",
        ".....X.....", ".....X.....", ".....X.....", "...........", "...........",
    };
    /* Each four is blocked at one end: still two fours. */
    static const char *const blocked[] = {
        "...........", "...........", "...........", "...........", "...........", ".OXXX*.....",
        ".....X.....", ".....X.....", ".....X.....", ".....O.....", "...........",
    };
    ASSERT_VERDICT(open, FORBID_DOUBLE_FOUR);
    ASSERT_VERDICT(blocked, FORBID_DOUBLE_FOUR);
}

static void test_double_four_same_line(void **state)
{
    (void)state;
    /* X.XXX.X: either gap makes five. */
    static const char *const a[] = {
        "...........", "...........", "...........", "...........", "...........", "..X.X*X.X..",
        "...........", "...........", "...........", "...........", "...........",
    };
    /* XX.XX.XX with * in the middle pair. */
    static const char *const b[] = {
        "...........", "...........", "...........", "...........", "...........", ".XX.*X.XX..",
        "...........", "...........", "...........", "...........", "...........",
    };
    /* XXX.X.XXX. */
    static const char *const c[] = {
        "...........", "...........", "...........", "...........", "...........", "XXX.*.XXX..",
        "...........", "...........", "...........", "...........", "...........",
    };
    /* A straight four is one four, not two (the stray diagonal stone only
     * makes the position big enough to be examined). */
    static const char *const straight[] = {
        "...........", "...........", "...........", "...X.......", "...........", "...XX*X....",
        "...........", "...........", "...........", "...........", "...........",
    };
    ASSERT_VERDICT(a, FORBID_DOUBLE_FOUR);
    ASSERT_VERDICT(b, FORBID_DOUBLE_FOUR);
    ASSERT_VERDICT(c, FORBID_DOUBLE_FOUR);
    ASSERT_VERDICT(straight, FORBID_NONE);
}

/* ---- four-three and double three -------------------------------------- */

static void test_four_three_allowed(void **state)
{
    (void)state;
    /* A four across (blocked on the left) and an open three down. */
    static const char *const rows[] = {
        "...........", "...........", "...........", ".....X.....", ".....X.....", ".OXXX*.....",
        "...........", "...........", "...........", "...........", "...........",
    };
    ASSERT_VERDICT(rows, FORBID_NONE);
}

static void test_four_three_three_forbidden(void **state)
{
    (void)state;
    /* The four is fine, but the two threes (down and diagonal) are not. */
    static const char *const rows[] = {
        "...........", "...........", "...........", "...X.X.....", "....XX.....", ".OXXX*.....",
        "...........", "...........", "...........", "...........", "...........",
    };
    ASSERT_VERDICT(rows, FORBID_DOUBLE_THREE);
}

static void test_simple_double_three(void **state)
{
    (void)state;
    static const char *const solid[] = {
        "...........", "...........", "...........", ".....X.....", ".....X.....", "...XX*.....",
        "...........", "...........", "...........", "...........", "...........",
    };
    /* Two split threes: X.XX across and XX.X on the diagonal. */
    static const char *const split[] = {
        "...........", "...........", "..X........", "...X.......", "...........", "..X.X*.....",
        "...........", "...........", "...........", "...........", "...........",
    };
    /* One three only: not forbidden. */
    static const char *const single[] = {
        "...........", "...........", "...........", "...........", ".....X.....", "...XX*.....",
        "...........", "...........", "...........", "...........", "...........",
    };
    ASSERT_VERDICT(solid, FORBID_DOUBLE_THREE);
    ASSERT_VERDICT(split, FORBID_DOUBLE_THREE);
    ASSERT_VERDICT(single, FORBID_NONE);
}

static void test_blocked_three_is_not_a_three(void **state)
{
    (void)state;
    /* OXXX.: the only four it can make is blocked, so not a three. */
    static const char *const touching[] = {
        "...........", "...........", "...........", ".....X.....", ".....X.....", "..OXX*.....",
        "...........", "...........", "...........", "...........", "...........",
    };
    /* O.XXX..: one space before the white stone is enough for a straight
     * four on the right (.XXXX. with O beyond the left end). */
    static const char *const spaced[] = {
        "...........", "...........", "...........", ".....X.....", ".....X.....", ".O.XX*.....",
        "...........", "...........", "...........", "...........", "...........",
    };
    /* O.XXX.O: no room for a straight four either way. */
    static const char *const boxed[] = {
        "...........", "...........", "...........", ".....X.....", ".....X.....", ".O.XX*.O...",
        "...........", "...........", "...........", "...........", "...........",
    };
    /* The board edge blocks like a white stone. */
    static const char *const edge[] = {
        "...........", "...........", "...........", "..X........", "..X........", "XX*........",
        "...........", "...........", "...........", "...........", "...........",
    };
    static const char *const edge_spaced[] = {
        "...........", "...........", "...........", "...X.......", "...X.......", ".XX*.......",
        "...........", "...........", "...........", "...........", "...........",
    };
    ASSERT_VERDICT(touching, FORBID_NONE);
    ASSERT_VERDICT(spaced, FORBID_DOUBLE_THREE);
    ASSERT_VERDICT(boxed, FORBID_NONE);
    ASSERT_VERDICT(edge, FORBID_NONE);
    ASSERT_VERDICT(edge_spaced, FORBID_DOUBLE_THREE);
}

static void test_three_that_only_makes_overline(void **state)
{
    (void)state;
    /* X..XXX..X across: each straight four it could make would have an
     * overline at one end, so it is not a three; the vertical three alone
     * is allowed. */
    static const char *const both_sides[] = {
        "...........", "...........", "...........", "......X....", "......X....", ".X..XX*..X.",
        "...........", "...........", "...........", "...........", "...........",
    };
    /* Without the right-hand stone, .XXXX. on the right is real. */
    static const char *const one_side[] = {
        "...........", "...........", "...........", "......X....", "......X....", ".X..XX*....",
        "...........", "...........", "...........", "...........", "...........",
    };
    ASSERT_VERDICT(both_sides, FORBID_NONE);
    ASSERT_VERDICT(one_side, FORBID_DOUBLE_THREE);
}

/* ---- recursive cases --------------------------------------------------- */

/*
 * * makes X.XX across (row 7), whose only straightening point is A = (6,7),
 * and XX.X down (column 7), straightened at (7,6).  Once * is down, A would
 * make a straight four across plus two threes (column 6: A.XX, straightened
 * at (6,8); diagonal XXA, straightened at (3,4)) - a double three, so A is
 * forbidden and the row is no three.
 * With only one three left, * is allowed.  Take away the stone at (4,5)
 * and A loses its diagonal three, A becomes legal and * is a double three.
 */
static const char *const RECURSIVE_DT[] = {
    "...............", "...............", "...............", "...............", ".......X.......",
    "....X..X.......", ".....X.........", ".....X.*X......", "...............", "......X........",
    "......X........", "...............", "...............", "...............", "...............",
};

static void test_three_through_forbidden_double_three_point(void **state)
{
    (void)state;
    assert_int_equal(verdict(RECURSIVE_DT, 15), FORBID_NONE);

    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, RECURSIVE_DT, 15, &m), 0);
    Board with = b;
    board_set(&with, m.x, m.y, STONE_BLACK);
    assert_int_equal(rules_forbidden(&with, RENJU, tu_mv(6, 7)), FORBID_DOUBLE_THREE);
    board_set(&b, 4, 5, STONE_EMPTY);
    assert_int_equal(rules_forbidden(&b, RENJU, m), FORBID_DOUBLE_THREE);
}

/*
 * Two levels deep: RECURSIVE_DT plus (3,5) and (4,6), which touch none of
 * the lines through * or A.  With * and A down, B = (6,8) - the only point
 * straightening A's column three - would make two straight fours (column 6
 * and the diagonal (3,5)..(6,8)), a double four.  So A's column is no
 * three, A is a legal four-three, the row through * is a real three again,
 * and * is a double three.
 */
static void test_recursion_two_levels(void **state)
{
    (void)state;
    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, RECURSIVE_DT, 15, &m), 0);
    board_set(&b, 3, 5, STONE_BLACK);
    board_set(&b, 4, 6, STONE_BLACK);
    assert_int_equal(rules_forbidden(&b, RENJU, m), FORBID_DOUBLE_THREE);

    board_set(&b, m.x, m.y, STONE_BLACK);
    assert_int_equal(rules_forbidden(&b, RENJU, tu_mv(6, 7)), FORBID_NONE);
    board_set(&b, 6, 7, STONE_BLACK);
    assert_int_equal(rules_forbidden(&b, RENJU, tu_mv(6, 8)), FORBID_DOUBLE_FOUR);
}

/*
 * * makes X.XX across (row 7), straightened only at A = (6,7), and XXX down
 * (column 7).  A would complete six in column 6, so the row is no three and
 * * is allowed.
 */
static void test_three_through_overline_point(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "...............", "...............", "...............", "...............",
        "......X........", "......X........", "......X........", ".....X.*X......",
        "......XX.......", "......XX.......", "...............", "...............",
        "...............", "...............", "...............",
    };
    assert_int_equal(verdict(rows, 15), FORBID_NONE);
    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, rows, 15, &m), 0);
    board_set(&b, m.x, m.y, STONE_BLACK);
    assert_int_equal(rules_forbidden(&b, RENJU, tu_mv(6, 7)), FORBID_OVERLINE);
}

/* ---- scope ------------------------------------------------------------- */

static void test_only_renju_black_empty_points(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "...........", "...........", "...........", ".....X.....", ".....X.....", "...XX*.....",
        "...........", "...........", "...........", "...........", "...........",
    };
    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, rows, 11, &m), 0);
    assert_int_equal(rules_forbidden(&b, RENJU, m), FORBID_DOUBLE_THREE);
    assert_int_equal(rules_forbidden(&b, (Rules){RULE_FREESTYLE, 5}, m), FORBID_NONE);
    assert_int_equal(rules_forbidden(&b, (Rules){RULE_EXACT, 5}, m), FORBID_NONE);
    assert_int_equal(rules_forbidden(&b, (Rules){RULE_RENJU, 4}, m), FORBID_NONE);
    assert_int_equal(rules_forbidden(&b, RENJU, tu_mv(5, 4)), FORBID_NONE); /* occupied */
    assert_int_equal(rules_forbidden(&b, RENJU, tu_mv(-1, 4)), FORBID_NONE);
    assert_int_equal(rules_forbidden(&b, RENJU, tu_mv(11, 4)), FORBID_NONE);
    assert_int_equal(rules_forbidden(NULL, RENJU, m), FORBID_NONE);
    /* rules_forbidden never changes the board it is given. */
    Board copy = b;
    (void)rules_forbidden(&b, RENJU, m);
    assert_memory_equal(&copy, &b, sizeof b);
}

/* ---- the one legality check --------------------------------------------- */

static void test_check_move_reasons(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "...........", "...........", "...........", "...........", "...........", "..XXX*XX...",
        "...........", "...........", "...........", "...........", "...........",
    };
    Board b;
    Move m;
    assert_int_equal(tu_board_from_rows(&b, rows, N_ROWS(rows), &m), 0);
    Forbidden why = FORBID_DOUBLE_THREE;
    assert_int_equal(rules_check_move(&b, RENJU, STONE_BLACK, m, &why), RULES_MOVE_FORBIDDEN);
    assert_int_equal(why, FORBID_OVERLINE);
    assert_false(rules_is_legal(&b, RENJU, STONE_BLACK, m));
    /* White may play it; so may black under freestyle. */
    assert_int_equal(rules_check_move(&b, RENJU, STONE_WHITE, m, &why), RULES_MOVE_OK);
    assert_int_equal(why, FORBID_NONE);
    assert_true(rules_is_legal(&b, (Rules){RULE_FREESTYLE, 5}, STONE_BLACK, m));
    Move taken = {2, 5};
    assert_int_equal(rules_check_move(&b, RENJU, STONE_WHITE, taken, NULL), RULES_MOVE_OCCUPIED);
    assert_int_equal(rules_check_move(&b, RENJU, STONE_BLACK, (Move){11, 0}, NULL),
                     RULES_MOVE_OFF_BOARD);
    assert_int_equal(rules_check_move(&b, RENJU, STONE_BLACK, MOVE_NONE, NULL),
                     RULES_MOVE_OFF_BOARD);
    assert_int_equal(rules_check_move(NULL, RENJU, STONE_BLACK, m, NULL), RULES_MOVE_OFF_BOARD);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_overline_black_forbidden_white_wins),
        cmocka_unit_test(test_exact_five_wins_for_black),
        cmocka_unit_test(test_five_beats_overline),
        cmocka_unit_test(test_five_beats_double_four),
        cmocka_unit_test(test_double_four_two_lines),
        cmocka_unit_test(test_double_four_same_line),
        cmocka_unit_test(test_four_three_allowed),
        cmocka_unit_test(test_four_three_three_forbidden),
        cmocka_unit_test(test_simple_double_three),
        cmocka_unit_test(test_blocked_three_is_not_a_three),
        cmocka_unit_test(test_three_that_only_makes_overline),
        cmocka_unit_test(test_three_through_forbidden_double_three_point),
        cmocka_unit_test(test_recursion_two_levels),
        cmocka_unit_test(test_three_through_overline_point),
        cmocka_unit_test(test_only_renju_black_empty_points),
        cmocka_unit_test(test_check_move_reasons),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
