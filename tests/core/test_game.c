/*
 * test_game.c - the game record: turns, results, refusals, undo and redo.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/game.h"
#include "test_util.h"

static const Rules FREE5 = {RULE_FREESTYLE, 5};

static void play_ok(Game *g, int x, int y)
{
    assert_int_equal(game_play(g, tu_mv(x, y)), GAME_OK);
}

static void test_new_rejects_bad_args(void **state)
{
    (void)state;
    assert_null(game_new(BOARD_MIN_SIZE - 1, FREE5));
    assert_null(game_new(BOARD_MAX_SIZE + 1, FREE5));
    assert_null(game_new(15, (Rules){RULE_FREESTYLE, 0}));
    assert_null(game_new(15, (Rules){RULE_EXACT, 7}));
    assert_null(game_new(15, (Rules){RULE_RENJU, 4}));
    Game *g = game_new(15, (Rules){RULE_RENJU, 5});
    assert_non_null(g);
    assert_int_equal(game_board(g)->size, 15);
    assert_int_equal(game_rules(g).kind, RULE_RENJU);
    assert_int_equal(game_to_move(g), STONE_BLACK);
    assert_int_equal(game_result(g), GAME_ONGOING);
    assert_int_equal(game_move_count(g), 0);
    assert_true(move_equal(game_last_move(g), MOVE_NONE));
    assert_false(game_can_undo(g));
    assert_false(game_can_redo(g));
    game_free(g);
    game_free(NULL);
}

static void test_turns_and_record(void **state)
{
    (void)state;
    Game *g = game_new(9, FREE5);
    assert_non_null(g);
    play_ok(g, 4, 4);
    assert_int_equal(game_to_move(g), STONE_WHITE);
    play_ok(g, 3, 3);
    assert_int_equal(game_to_move(g), STONE_BLACK);
    play_ok(g, 0, 8);
    assert_int_equal(board_get(game_board(g), 4, 4), STONE_BLACK);
    assert_int_equal(board_get(game_board(g), 3, 3), STONE_WHITE);
    assert_int_equal(board_get(game_board(g), 0, 8), STONE_BLACK);
    assert_int_equal(game_move_count(g), 3);
    assert_true(move_equal(game_move_at(g, 0), tu_mv(4, 4)));
    assert_true(move_equal(game_move_at(g, 2), tu_mv(0, 8)));
    assert_true(move_equal(game_move_at(g, 3), MOVE_NONE));
    assert_true(move_equal(game_move_at(g, -1), MOVE_NONE));
    assert_true(move_equal(game_last_move(g), tu_mv(0, 8)));
    Move line[BOARD_MAX_SIZE];
    assert_int_equal(game_win_line(g, line, BOARD_MAX_SIZE), 0);
    game_free(g);
}

static void test_refusals_leave_game_unchanged(void **state)
{
    (void)state;
    Game *g = game_new(9, FREE5);
    assert_non_null(g);
    play_ok(g, 4, 4);
    assert_int_equal(game_play(g, tu_mv(4, 4)), GAME_ERR_OCCUPIED);
    assert_int_equal(game_play(g, tu_mv(-1, 0)), GAME_ERR_OFF_BOARD);
    assert_int_equal(game_play(g, tu_mv(9, 0)), GAME_ERR_OFF_BOARD);
    assert_int_equal(game_play(g, tu_mv(0, 9)), GAME_ERR_OFF_BOARD);
    assert_int_equal(game_play(g, MOVE_NONE), GAME_ERR_OFF_BOARD);
    assert_int_equal(game_move_count(g), 1);
    assert_int_equal(game_to_move(g), STONE_WHITE);
    assert_int_equal(game_board(g)->count, 1);
    assert_int_equal(game_play(NULL, tu_mv(0, 0)), GAME_ERR_ARGS);
    game_free(g);
}

/* Black fills row 0 from the left, white row 1; black's fifth stone wins. */
static Game *black_wins_game(void)
{
    Game *g = game_new(9, FREE5);
    assert_non_null(g);
    for (int i = 0; i < 4; i++) {
        play_ok(g, i, 0);
        play_ok(g, i, 1);
    }
    play_ok(g, 4, 0);
    return g;
}

static void test_win_and_game_over(void **state)
{
    (void)state;
    Game *g = black_wins_game();
    assert_int_equal(game_result(g), GAME_BLACK_WINS);
    Move line[BOARD_MAX_SIZE];
    assert_int_equal(game_win_line(g, line, BOARD_MAX_SIZE), 5);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(line[i].y, 0);
        assert_int_equal(line[i].x, i);
    }
    assert_int_equal(game_win_line(g, line, 3), 3); /* truncated to max */
    assert_int_equal(game_play(g, tu_mv(8, 8)), GAME_ERR_OVER);
    assert_int_equal(game_play(g, tu_mv(4, 0)), GAME_ERR_OVER);
    assert_int_equal(game_move_count(g), 9);
    game_free(g);
}

static void test_white_wins_on_diagonal(void **state)
{
    (void)state;
    Game *g = game_new(9, (Rules){RULE_EXACT, 4});
    assert_non_null(g);
    /* White builds (8,0) (7,1) (6,2) (5,3) while black scatters. */
    const int bx[] = {0, 2, 4, 0}, by[] = {8, 8, 8, 6};
    const int wx[] = {8, 7, 6, 5}, wy[] = {0, 1, 2, 3};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(game_result(g), GAME_ONGOING);
        play_ok(g, bx[i], by[i]);
        play_ok(g, wx[i], wy[i]);
    }
    assert_int_equal(game_result(g), GAME_WHITE_WINS);
    Move line[BOARD_MAX_SIZE];
    assert_int_equal(game_win_line(g, line, BOARD_MAX_SIZE), 4);
    game_free(g);
}

static void test_undo_redo(void **state)
{
    (void)state;
    Game *g = black_wins_game();
    assert_int_equal(game_undo(g), GAME_OK);
    assert_int_equal(game_result(g), GAME_ONGOING);
    assert_int_equal(game_board(g)->count, 8);
    assert_int_equal(board_get(game_board(g), 4, 0), STONE_EMPTY);
    assert_int_equal(game_to_move(g), STONE_BLACK);
    Move line[BOARD_MAX_SIZE];
    assert_int_equal(game_win_line(g, line, BOARD_MAX_SIZE), 0);
    assert_true(game_can_redo(g));

    assert_int_equal(game_redo(g), GAME_OK);
    assert_int_equal(game_result(g), GAME_BLACK_WINS);
    assert_int_equal(game_win_line(g, line, BOARD_MAX_SIZE), 5);
    assert_false(game_can_redo(g));
    assert_int_equal(game_redo(g), GAME_ERR_NOTHING);

    /* Undo everything, then redo part of it. */
    for (int i = 0; i < 9; i++) {
        assert_int_equal(game_undo(g), GAME_OK);
    }
    assert_int_equal(game_undo(g), GAME_ERR_NOTHING);
    assert_false(game_can_undo(g));
    assert_int_equal(game_board(g)->count, 0);
    assert_int_equal(game_move_count(g), 0);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(game_redo(g), GAME_OK);
    }
    assert_int_equal(game_move_count(g), 3);
    assert_int_equal(board_get(game_board(g), 0, 0), STONE_BLACK);
    assert_int_equal(board_get(game_board(g), 0, 1), STONE_WHITE);
    assert_int_equal(board_get(game_board(g), 1, 0), STONE_BLACK);
    assert_int_equal(game_to_move(g), STONE_WHITE);

    /* A new move drops the redo list. */
    assert_true(game_can_redo(g));
    play_ok(g, 8, 8);
    assert_false(game_can_redo(g));
    assert_int_equal(game_redo(g), GAME_ERR_NOTHING);
    assert_int_equal(game_move_count(g), 4);
    assert_true(move_equal(game_last_move(g), tu_mv(8, 8)));
    assert_int_equal(board_get(game_board(g), 8, 8), STONE_WHITE);
    assert_int_equal(board_get(game_board(g), 1, 1), STONE_EMPTY);
    game_free(g);
}

static void test_long_history_full_board_draw(void **state)
{
    (void)state;
    /* Colour ((x + 2y) / 2) % 2 has no three in a row in any direction and
     * gives black 181 points and white 180: a 19x19 draw with k = 3 after
     * 361 moves, well past any initial history capacity. */
    Game *g = game_new(19, (Rules){RULE_FREESTYLE, 3});
    assert_non_null(g);
    int bi = 0, wi = 0;
    for (int i = 0; i < 361; i++) {
        int want = i % 2; /* 0: black, 1: white */
        int *at = want ? &wi : &bi;
        while (((*at % 19 + 2 * (*at / 19)) / 2) % 2 != want) {
            (*at)++;
        }
        assert_int_equal(game_result(g), GAME_ONGOING);
        play_ok(g, *at % 19, *at / 19);
        (*at)++;
    }
    assert_int_equal(game_result(g), GAME_DRAW);
    assert_int_equal(game_move_count(g), 361);
    while (game_can_undo(g)) {
        assert_int_equal(game_undo(g), GAME_OK);
    }
    assert_int_equal(game_board(g)->count, 0);
    assert_int_equal(game_result(g), GAME_ONGOING);
    while (game_can_redo(g)) {
        assert_int_equal(game_redo(g), GAME_OK);
    }
    assert_int_equal(game_move_count(g), 361);
    assert_int_equal(game_result(g), GAME_DRAW);
    game_free(g);
}

/* Plays a full board from a diagram: X cells for black, O for white, in
 * reading order, alternating; returns the game. */
static Game *play_diagram(const char *const *rows, int n, Rules r)
{
    Game *g = game_new(n, r);
    assert_non_null(g);
    int bi = 0, wi = 0, total = n * n;
    for (int i = 0; i < total; i++) {
        char want = (i % 2 == 0) ? 'X' : 'O';
        int *at = (i % 2 == 0) ? &bi : &wi;
        while (rows[*at / n][*at % n] != want) {
            (*at)++;
        }
        assert_int_equal(game_result(g), GAME_ONGOING);
        play_ok(g, *at % n, *at / n);
        (*at)++;
    }
    return g;
}

static void test_draw_on_full_board(void **state)
{
    (void)state;
    /* No four in a row anywhere, 13 black and 12 white. */
    static const char *const five[] = {
        "OOOXX", "XXXOO", "OOOXX", "OXXXO", "XXXOO",
    };
    /* No five in a row anywhere, 41 black and 40 white. */
    static const char *const nine[] = {
        "OOXXOOXXO", "OOXOOXOXX", "XOOXXOOOX", "XXXXOOOXX", "OXOXOXXXO",
        "OOXXOOXXX", "OOOOXXXOX", "OOOXOXOXO", "XXXOXOXXO",
    };
    Move line[BOARD_MAX_SIZE];
    Game *g = play_diagram(five, 5, (Rules){RULE_FREESTYLE, 4});
    assert_int_equal(game_result(g), GAME_DRAW);
    assert_int_equal(game_win_line(g, line, BOARD_MAX_SIZE), 0);
    assert_int_equal(game_play(g, tu_mv(0, 0)), GAME_ERR_OVER);
    assert_int_equal(game_undo(g), GAME_OK);
    assert_int_equal(game_result(g), GAME_ONGOING);
    assert_int_equal(game_redo(g), GAME_OK);
    assert_int_equal(game_result(g), GAME_DRAW);
    game_free(g);

    g = play_diagram(nine, 9, FREE5);
    assert_int_equal(game_result(g), GAME_DRAW);
    game_free(g);

    /* Six in a row cannot fit on 5x5: any filling is a draw. */
    static const char *const checker[] = {"XOXOX", "OXOXO", "XOXOX", "OXOXO", "XOXOX"};
    g = play_diagram(checker, 5, (Rules){RULE_EXACT, 6});
    assert_int_equal(game_result(g), GAME_DRAW);
    game_free(g);
}

static void test_win_on_last_cell_is_a_win(void **state)
{
    (void)state;
    /* Only row 3 holds a four (for black).  It is completed by the very
     * last empty point, (0,3): a win, not a draw. */
    static const char *const rows[] = {
        "OOOXX", "XXXOO", "OOOXX", "XXXXO", "OXXOO",
    };
    /* Everything but (0,3) (index 15) in reading order, then (0,3). */
    Game *g = game_new(5, (Rules){RULE_FREESTYLE, 4});
    assert_non_null(g);
    int bi = 0, wi = 0;
    for (int i = 0; i < 24; i++) {
        char want = (i % 2 == 0) ? 'X' : 'O';
        int *at = (i % 2 == 0) ? &bi : &wi;
        while (rows[*at / 5][*at % 5] != want || *at == 15) {
            (*at)++;
        }
        play_ok(g, *at % 5, *at / 5);
        (*at)++;
        assert_int_equal(game_result(g), GAME_ONGOING);
    }
    play_ok(g, 0, 3);
    assert_true(board_is_full(game_board(g)));
    assert_int_equal(game_result(g), GAME_BLACK_WINS);
    game_free(g);
}

static void test_clone_is_deep(void **state)
{
    (void)state;
    Game *g = game_new(9, FREE5);
    assert_non_null(g);
    play_ok(g, 4, 4);
    play_ok(g, 5, 5);
    assert_int_equal(game_undo(g), GAME_OK);
    Game *c = game_clone(g);
    assert_non_null(c);
    assert_int_equal(game_move_count(c), 1);
    assert_true(game_can_redo(c));
    play_ok(c, 0, 0);
    assert_int_equal(board_get(game_board(g), 0, 0), STONE_EMPTY);
    assert_true(game_can_redo(g));
    assert_int_equal(game_redo(g), GAME_OK);
    assert_int_equal(board_get(game_board(g), 5, 5), STONE_WHITE);
    assert_int_equal(board_get(game_board(c), 5, 5), STONE_EMPTY);
    game_free(c);
    game_free(g);
    assert_null(game_clone(NULL));
}

static void test_renju_forbidden_refused(void **state)
{
    (void)state;
    Game *g = game_new(15, (Rules){RULE_RENJU, 5});
    assert_non_null(g);
    /* Black builds two open twos aimed at (7,7); white plays far away. */
    const int bx[] = {5, 6, 7, 7}, by[] = {7, 7, 5, 6};
    const int wx[] = {0, 0, 0, 0}, wy[] = {0, 2, 4, 6};
    for (int i = 0; i < 4; i++) {
        play_ok(g, bx[i], by[i]);
        play_ok(g, wx[i], wy[i]);
    }
    assert_int_equal(game_forbidden(g, tu_mv(7, 7)), FORBID_DOUBLE_THREE);
    assert_int_equal(game_play(g, tu_mv(7, 7)), GAME_ERR_FORBIDDEN);
    assert_int_equal(game_move_count(g), 8);
    assert_int_equal(game_to_move(g), STONE_BLACK);
    /* Occupied and off-board points are not "forbidden", just refused. */
    assert_int_equal(game_forbidden(g, tu_mv(5, 7)), FORBID_NONE);
    assert_int_equal(game_forbidden(g, tu_mv(-3, 7)), FORBID_NONE);
    /* Black plays elsewhere; then white may take the point. */
    play_ok(g, 14, 14);
    assert_int_equal(game_forbidden(g, tu_mv(7, 7)), FORBID_NONE);
    play_ok(g, 7, 7);
    game_free(g);

    /* The same shape is fine under freestyle. */
    g = game_new(15, FREE5);
    assert_non_null(g);
    for (int i = 0; i < 4; i++) {
        play_ok(g, bx[i], by[i]);
        play_ok(g, wx[i], wy[i]);
    }
    assert_int_equal(game_forbidden(g, tu_mv(7, 7)), FORBID_NONE);
    play_ok(g, 7, 7);
    game_free(g);
}

static void test_renju_overline_refused_five_wins(void **state)
{
    (void)state;
    Game *g = game_new(15, (Rules){RULE_RENJU, 5});
    assert_non_null(g);
    /* Black: (1..3,7) and (5,7),(6,7); (4,7) would make six. */
    const int bx[] = {1, 2, 3, 5, 6}, wx[] = {0, 2, 4, 6, 8};
    for (int i = 0; i < 5; i++) {
        play_ok(g, bx[i], 7);
        play_ok(g, wx[i], 12);
    }
    assert_int_equal(game_forbidden(g, tu_mv(4, 7)), FORBID_OVERLINE);
    assert_int_equal(game_play(g, tu_mv(4, 7)), GAME_ERR_FORBIDDEN);
    assert_int_equal(game_move_count(g), 10);
    play_ok(g, 9, 9);
    assert_int_equal(game_result(g), GAME_ONGOING);
    game_free(g);

    /* Black: (3..6,7); (7,7) makes exactly five and wins. */
    g = game_new(15, (Rules){RULE_RENJU, 5});
    assert_non_null(g);
    for (int i = 0; i < 4; i++) {
        play_ok(g, 3 + i, 7);
        play_ok(g, 2 * i, 12);
    }
    assert_int_equal(game_forbidden(g, tu_mv(7, 7)), FORBID_NONE);
    play_ok(g, 7, 7);
    assert_int_equal(game_result(g), GAME_BLACK_WINS);
    Move line[BOARD_MAX_SIZE];
    assert_int_equal(game_win_line(g, line, BOARD_MAX_SIZE), 5);
    game_free(g);
}

static void test_renju_five_with_overline_wins(void **state)
{
    (void)state;
    Game *g = game_new(15, (Rules){RULE_RENJU, 5});
    assert_non_null(g);
    /* Black: XX.XX across row 7 and XXX.XX down column 5, crossing at
     * (5,7), which makes exactly five across and six down. */
    const int bx[] = {3, 4, 6, 7, 5, 5, 5, 5, 5}, by[] = {7, 7, 7, 7, 4, 5, 6, 8, 9};
    for (int i = 0; i < 9; i++) {
        play_ok(g, bx[i], by[i]);
        play_ok(g, (2 * i) % 15, 14 - 14 * (i % 2));
    }
    assert_int_equal(game_forbidden(g, tu_mv(5, 7)), FORBID_NONE);
    play_ok(g, 5, 7);
    assert_int_equal(game_result(g), GAME_BLACK_WINS);
    Move line[BOARD_MAX_SIZE];
    assert_int_equal(game_win_line(g, line, BOARD_MAX_SIZE), 5);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(line[i].y, 7);
    }
    game_free(g);
}

static void test_renju_white_overline_wins(void **state)
{
    (void)state;
    Game *g = game_new(15, (Rules){RULE_RENJU, 5});
    assert_non_null(g);
    /* White: (1..3,7) and (5,7),(6,7), then (4,7) makes six and wins. */
    const int bx[] = {0, 2, 4, 6, 8, 10}, wx[] = {1, 2, 3, 5, 6, 4};
    for (int i = 0; i < 6; i++) {
        play_ok(g, bx[i], 12);
        play_ok(g, wx[i], 7);
    }
    assert_int_equal(game_result(g), GAME_WHITE_WINS);
    Move line[BOARD_MAX_SIZE];
    assert_int_equal(game_win_line(g, line, BOARD_MAX_SIZE), 6);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_rejects_bad_args),
        cmocka_unit_test(test_turns_and_record),
        cmocka_unit_test(test_refusals_leave_game_unchanged),
        cmocka_unit_test(test_win_and_game_over),
        cmocka_unit_test(test_white_wins_on_diagonal),
        cmocka_unit_test(test_undo_redo),
        cmocka_unit_test(test_long_history_full_board_draw),
        cmocka_unit_test(test_draw_on_full_board),
        cmocka_unit_test(test_win_on_last_cell_is_a_win),
        cmocka_unit_test(test_clone_is_deep),
        cmocka_unit_test(test_renju_forbidden_refused),
        cmocka_unit_test(test_renju_overline_refused_five_wins),
        cmocka_unit_test(test_renju_five_with_overline_wins),
        cmocka_unit_test(test_renju_white_overline_wins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
