/*
 * test_coach_ui.c - what the engine knows, on screen: the win-chance bar
 * beside the board, the list of moves (following play, clickable and
 * scrollable in review), the review coach's analysis and its summary,
 * Show the win and Play from here.  Driven headless through the real loop.
 */
#include "test_ui_harness.h"

#include <string.h>

#include "session/session_coach.h"

static void start_two_people(App *app)
{
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    assert_int_equal(app_test_menu_options(app).mode, MODE_TWO_PLAYERS);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
}

static const Move BLACK5[5] = {{3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}};
static const Move WHITE4[4] = {{3, 9}, {4, 9}, {5, 9}, {6, 9}};

static void play_black_win(App *app, int moves)
{
    for (int i = 0; i < moves; i++) {
        Move m = i % 2 == 0 ? BLACK5[i / 2] : WHITE4[i / 2];
        harness_click_point(app, m.x, m.y);
    }
}

static Uint32 pixel_at(SDL_Surface *s, int x, int y)
{
    return ((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch))[x];
}

static int brightness(Uint32 v)
{
    return (int)(Uint8)(v >> 16) + (int)(Uint8)(v >> 8) + (int)(Uint8)v;
}

/* The bar's pixel just inside its top and just inside its bottom. */
static void bar_ends(App *app, int *top, int *bottom)
{
    SDL_Rect bar;
    assert_true(app_test_winbar(app, &bar));
    harness_motion(2, 2);
    harness_steps(app, 1);
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    int in = bar.w; /* past the rounded ends */
    *top = brightness(pixel_at(s, bar.x + bar.w / 2, bar.y + in));
    *bottom = brightness(pixel_at(s, bar.x + bar.w / 2, bar.y + bar.h - 1 - in));
    SDL_FreeSurface(s);
}

static void test_bar_and_list_follow_play(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    start_two_people(app);
    play_black_win(app, 3);
    int wx, wy;
    assert_true(app_test_list_pos(app, 2, &wx, &wy));
    assert_false(app_test_list_pos(app, 3, &wx, &wy));
    /* The position is analysed (the overlay off): the bar splits, black's
     * share dark at the bottom and white's light at the top. */
    harness_wait_helper(app);
    int top, bottom;
    bar_ends(app, &top, &bottom);
    assert_true(bottom + 200 < top);
    /* Undo takes the move off the list. */
    harness_key_mod(app, SDLK_z, KMOD_LCTRL);
    assert_false(app_test_list_pos(app, 2, &wx, &wy));
    assert_true(app_test_list_pos(app, 1, &wx, &wy));
    app_destroy(app);
}

/* Reviews black's win in nine moves with the analysis done. */
static App *review_finished_game(void)
{
    App *app = harness_start(1100, 800, NULL, NULL);
    start_two_people(app);
    play_black_win(app, 9);
    harness_click_widget(app, APP_WIDGET_HINT); /* Review */
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_wait_helper(app);
    return app;
}

static void test_review_list_jumps(void **state)
{
    (void)state;
    App *app = review_finished_game();
    int pos, n, ev, wx, wy;
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(ev, n + 1);
    assert_true(app_test_list_pos(app, 3, &wx, &wy));
    harness_click(app, wx, wy);
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 4);
    assert_true(app_test_list_pos(app, 0, &wx, &wy));
    harness_click(app, wx, wy);
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 1);
    app_destroy(app);
}

static void test_coach_marks_the_missed_win(void **state)
{
    (void)state;
    App *app = review_finished_game();
    const Session *s = app_test_session(app);
    /* White's fourth move let black's open four stand: white was lost
     * already (black wins in one), so it is no mistake of white's... */
    SessionCoachMove cm;
    assert_true(session_review_coach(s, 7, &cm));
    assert_true(cm.before.kind == AI_OUTLOOK_FORCED);
    assert_int_equal(cm.before.winner, STONE_BLACK);
    /* ...and black's last move took the win: the best move. */
    assert_true(session_review_coach(s, 8, &cm));
    assert_int_equal(cm.mark, SESSION_COACH_BEST);
    SessionCoachSummary sum;
    session_review_summary(s, &sum);
    assert_true(sum.accuracy[0] >= 0 && sum.accuracy[0] <= 100);
    app_destroy(app);
}

static void test_play_from_here(void **state)
{
    (void)state;
    App *app = review_finished_game();
    int pos, n, ev, wx, wy;
    assert_true(app_test_list_pos(app, 3, &wx, &wy));
    harness_click(app, wx, wy);
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 4);
    /* P asks which side; the second slot is Play White. */
    harness_key(app, SDLK_p);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_click_widget(app, APP_WIDGET_REDO);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    const Session *s = app_test_session(app);
    assert_int_equal(session_setup(s).mode, MODE_COMPUTER_BLACK);
    harness_wait_ai(app);
    const Game *g = app_test_game(app);
    assert_int_equal(game_move_count(g), 5);
    for (int i = 0; i < 4; i++) {
        Move want = i % 2 == 0 ? BLACK5[i / 2] : WHITE4[i / 2];
        assert_true(move_equal(game_move_at(g, i), want));
    }
    assert_int_equal(game_to_move(g), STONE_WHITE);
    app_destroy(app);
}

static void test_escape_closes_the_side_question_first(void **state)
{
    (void)state;
    App *app = review_finished_game();
    harness_key(app, SDLK_HOME);
    harness_key(app, SDLK_p);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    app_destroy(app);
}

/* Show the win on a saved game with a missed win: black's win (the side
 * that missed it), from the position before the move, the helper
 * defending, ending on black's row drawn over the board. */
static void test_show_the_missed_win(void **state)
{
    (void)state;
    char dir[1024], path[1200];
    harness_data_dir(dir, sizeof dir, "coach-show-win");
    App *app = harness_start(1100, 800, dir, NULL);
    snprintf(path, sizeof path, "%s/missed.psq", dir);
    assert_int_equal(harness_write_file(path, HARNESS_MISSED_WIN_PSQ), 0);
    harness_drop(app, path);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_wait_helper(app);
    const Session *s = app_test_session(app);
    SessionCoachMove cm;
    assert_true(session_review_coach(s, 6, &cm));
    assert_int_equal(cm.mark, SESSION_COACH_MISSED_WIN);
    harness_key(app, SDLK_w);
    harness_wait_helper(app);
    Move line[SESSION_LINE_MAX_SHOWN];
    int len = 0, from = -1, shown = 0;
    for (int i = 0; i < 2000; i++) {
        SessionLineState st =
            app_test_review_line(app, line, SESSION_LINE_MAX_SHOWN, &len, &from, &shown);
        assert_int_equal(st, SESSION_LINE_DONE);
        if (shown >= len) {
            break;
        }
        harness_steps(app, 1);
        SDL_Delay(5);
    }
    assert_int_equal(shown, len);
    assert_int_equal(from, 6); /* before the missed move: black to move */
    int pos, n, ev;
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 6);
    assert_true(move_equal(line[0], cm.best));
    assert_true(len % 2 == 1); /* black first and last */
    /* The final five: black's, drawn over the board in the win line's red. */
    Move row[BOARD_MAX_SIZE];
    int rn = session_review_line_row(s, row, BOARD_MAX_SIZE);
    assert_int_equal(rn, 5);
    Board b;
    session_review_board(s, 6, &b);
    for (int i = 0; i < len; i++) {
        board_set(&b, line[i].x, line[i].y, i % 2 == 0 ? STONE_BLACK : STONE_WHITE);
    }
    harness_motion(2, 2);
    harness_steps(app, 1);
    SDL_Surface *shot = NULL;
    assert_int_equal(app_capture(app, &shot), 0);
    for (int i = 0; i < rn; i++) {
        assert_int_equal(board_get(&b, row[i].x, row[i].y), STONE_BLACK);
        int px, py, cell;
        assert_true(app_test_point_pixel(app, row[i].x, row[i].y, &px, &py, &cell));
        Uint32 v = pixel_at(shot, px, py);
        int r = (Uint8)(v >> 16), g = (Uint8)(v >> 8);
        assert_true(r > 150 && g < 130);
    }
    SDL_FreeSurface(shot);
    app_destroy(app);
}

/* Black's closed four, blocked by a white stone that makes a closed four
 * of white's; black does not block it and white makes five.  Both replies
 * are recorded without a search, the first played and the second not: the
 * review once spun for ever between the two, frozen (session_coach.c). */
static const Move FOUR_BY_FOUR[12] = {
    {6, 6},  {10, 3}, {7, 6}, {10, 4}, {8, 6},  {10, 5},
    {10, 2}, {5, 6},  {9, 6}, {10, 6}, {0, 14}, {10, 7},
};

static void test_review_of_a_four_answered_by_a_four(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    start_two_people(app);
    for (int i = 0; i < 12; i++) {
        harness_click_point(app, FOUR_BY_FOUR[i].x, FOUR_BY_FOUR[i].y);
    }
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    harness_click_widget(app, APP_WIDGET_HINT); /* Review */
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_wait_helper(app);
    int pos, n, ev;
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(n, 12);
    assert_int_equal(ev, n + 1);
    const Session *s = app_test_session(app);
    RecordEval e9, e10;
    assert_true(session_review_analysis(s, 9, &e9));
    assert_true(session_review_analysis(s, 10, &e10));
    assert_true(e9.depth == 0 && e9.mate_plies == 0 && move_equal(e9.best, FOUR_BY_FOUR[9]));
    assert_true(e10.depth == 0 && e10.mate_plies == 0 && move_equal(e10.best, (Move){10, 7}));
    /* Black's move that let white's four stand is judged, and the screen
     * of its position is drawn. */
    SessionCoachMove cm;
    assert_true(session_review_coach(s, 10, &cm));
    assert_true(cm.after.kind == AI_OUTLOOK_FORCED);
    assert_int_equal(cm.after.winner, STONE_WHITE);
    for (int i = 0; i < 2; i++) {
        harness_key(app, SDLK_LEFT);
    }
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 10);
    harness_motion(2, 2);
    harness_steps(app, 2);
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bar_and_list_follow_play),
        cmocka_unit_test(test_review_list_jumps),
        cmocka_unit_test(test_coach_marks_the_missed_win),
        cmocka_unit_test(test_play_from_here),
        cmocka_unit_test(test_escape_closes_the_side_question_first),
        cmocka_unit_test(test_show_the_missed_win),
        cmocka_unit_test(test_review_of_a_four_answered_by_a_four),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
