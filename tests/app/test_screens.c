/*
 * test_screens.c - the README's screenshots, made by driving the real app
 * headless: the menu, a game against the computer with the analysis
 * overlay, the game over, and review with the evaluation graph.
 *
 * Always plays the script and checks it got where it meant to; writes the
 * PNGs only when GOMOKU_SCREENSHOT_DIR names a folder, e.g.
 *     GOMOKU_SCREENSHOT_DIR=docs/screenshots build/tests/app/test_screens
 */
#include "test_ui_harness.h"

#include "core/rules.h"

static void shot(App *app, const char *name)
{
    harness_shot(app, "GOMOKU_SCREENSHOT_DIR", name);
}

/* More screens for checking by eye, not for the README. */
static void extra(App *app, const char *name)
{
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", name);
}

/* The person's move: extend the longest own line, block the opponent's
 * four, prefer the centre. */
static Move pick(const Game *g)
{
    const Board *b = game_board(g);
    Stone me = game_to_move(g);
    Move best = MOVE_NONE;
    int best_v = -1;
    int c = b->size / 2;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            if (board_get(b, x, y) != STONE_EMPTY) {
                continue;
            }
            Move m = {(int8_t)x, (int8_t)y};
            if (game_forbidden(g, m) != FORBID_NONE) {
                continue;
            }
            const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
            int mine = 0, theirs = 0;
            Board t = *b;
            board_set(&t, x, y, me);
            Board u = *b;
            board_set(&u, x, y, stone_opponent(me));
            for (int d = 0; d < 4; d++) {
                mine = SDL_max(mine, rules_line_length(&t, x, y, dirs[d][0], dirs[d][1], me));
                theirs = SDL_max(theirs, rules_line_length(&u, x, y, dirs[d][0], dirs[d][1],
                                                           stone_opponent(me)));
            }
            int v = mine >= 5 ? 1000 : theirs >= 4 ? 900 : mine * 40 + theirs * 30;
            v = v * 100 - ((x - c) * (x - c) + (y - c) * (y - c));
            if (v > best_v) {
                best_v = v;
                best = m;
            }
        }
    }
    return best;
}

/* ---- the tour: issue 27's screens, for looking at ------------------------ */

/* Waits until the line Show the win plays is whole on the board. */
static void wait_line(App *app)
{
    Move line[SESSION_LINE_MAX_SHOWN];
    int len = 0, from = -1, shown = 0;
    harness_wait_helper(app);
    for (int i = 0; i < 4000; i++) {
        app_test_review_line(app, line, SESSION_LINE_MAX_SHOWN, &len, &from, &shown);
        if (shown >= len) {
            break;
        }
        harness_steps(app, 1);
        SDL_Delay(2);
    }
}

static void test_screenshots(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "screens-data");
    App *app = harness_start(1280, 800, dir, NULL);
    harness_motion(2, 2);
    harness_steps(app, 1);
    shot(app, "menu");

    /* You (black) against the computer, Hard. */
    harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_INC);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    for (int i = 0; i < 3; i++) {
        const Game *g = app_test_game(app);
        Move m = pick(g);
        harness_click_point(app, m.x, m.y);
        harness_wait_ai(app);
        if (app_test_state(app) != APP_STATE_PLAYING) {
            break;
        }
    }
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    harness_key(app, SDLK_a);
    harness_wait_helper(app);
    AiInfo info;
    assert_true(app_test_analysis(app, &info));
    harness_motion(2, 2);
    harness_steps(app, 2);
    shot(app, "game-analysis");
    /* The engine's line as numbered translucent stones (E). */
    harness_key(app, SDLK_e);
    harness_motion(2, 2);
    harness_steps(app, 2);
    extra(app, "engine-line");
    harness_key(app, SDLK_e);

    /* Play on to the end. */
    harness_key(app, SDLK_a);
    for (int i = 0; i < 100 && app_test_state(app) == APP_STATE_PLAYING; i++) {
        Move m = pick(app_test_game(app));
        harness_click_point(app, m.x, m.y);
        harness_wait_ai(app);
    }
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    harness_motion(2, 2);
    harness_steps(app, 2);
    shot(app, "game-over");

    /* Review, a few moves back, with numbers and the whole graph. */
    harness_click_widget(app, APP_WIDGET_HINT); /* "Review" after the game */
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    int pos, count, evaluated;
    app_test_review(app, &pos, &count, &evaluated);
    for (int i = 0; i < 4; i++) {
        harness_key(app, SDLK_LEFT);
    }
    harness_key(app, SDLK_d);
    harness_wait_helper(app);
    app_test_review(app, &pos, &count, &evaluated);
    assert_int_equal(pos, count - 4);
    assert_int_equal(evaluated, count + 1);
    harness_motion(2, 2);
    harness_steps(app, 2);
    shot(app, "review");

    /* A game with a missed win, opened: Show the win. */
    char missed[1200];
    snprintf(missed, sizeof missed, "%s/screens-missed-win.psq", GOMOKU_TEST_TMP);
    assert_int_equal(harness_write_file(missed, HARNESS_MISSED_WIN_PSQ), 0);
    harness_drop(app, missed);
    harness_wait_helper(app);
    harness_key(app, SDLK_w);
    wait_line(app);
    harness_motion(2, 2);
    harness_steps(app, 2);
    shot(app, "show-win");
    harness_key(app, SDLK_ESCAPE); /* the line */
    harness_key(app, SDLK_ESCAPE); /* back to the game as it was: over */
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    harness_key(app, SDLK_r);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);

    /* The saved-games list, a dialog, and the Chinese screens. */
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_SAVE_NAME);
    harness_motion(2, 2);
    harness_steps(app, 1);
    extra(app, "save-name");
    harness_text(app, "Evening match 晚场");
    harness_text(app, "?");
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_SAVE_NAME);
    extra(app, "save-name-refused");
    harness_key(app, SDLK_BACKSPACE);
    extra(app, "save-name-typed");
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    /* A Piskvork file beside the saves, as the list shows it. */
    char psq[1200];
    snprintf(psq, sizeof psq, "%s/gomocup-round-3.psq", dir);
    assert_int_equal(harness_write_file(psq, "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n-1\n"), 0);
    harness_key(app, SDLK_ESCAPE);
    harness_click_widget(app, APP_WIDGET_RESULT_MENU);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    harness_click_menu(app, MENU_ITEM_LOAD, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    harness_motion(2, 2);
    harness_steps(app, 1);
    int sel;
    app_test_files(app, &count, &sel);
    assert_int_equal(count, 2);
    harness_key(app, SDLK_DOWN);
    extra(app, "files");
    harness_key(app, SDLK_DELETE);
    extra(app, "dialog");
    harness_key(app, SDLK_ESCAPE);
    harness_key(app, SDLK_ESCAPE);
    harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
    harness_motion(2, 2);
    harness_steps(app, 1);
    extra(app, "menu-zh");
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    harness_click_point(app, 7, 7);
    harness_wait_ai(app);
    harness_click_point(app, 8, 8);
    harness_wait_ai(app);
    harness_key(app, SDLK_a);
    harness_wait_helper(app);
    harness_motion(2, 2);
    harness_steps(app, 1);
    extra(app, "game-zh");
    harness_key(app, SDLK_a);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    harness_text(app, "周末对局");
    harness_key(app, SDLK_END);
    harness_text(app, ".");
    harness_key(app, SDLK_RETURN);
    extra(app, "save-name-zh");
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    SDL_SetWindowSize(app_test_window(app), 700, 1000);
    harness_steps(app, 3);
    extra(app, "portrait");
    SDL_SetWindowSize(app_test_window(app), 800, 600);
    harness_steps(app, 3);
    extra(app, "small");
    harness_key(app, SDLK_ESCAPE);
    harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
    app_destroy(app);
}

static void tour_shot(App *app, const char *dir, const char *tag, const char *name)
{
    char path[1400];
    snprintf(path, sizeof path, "%s/%s-%s.png", dir, tag, name);
    harness_motion(2, 2);
    harness_steps(app, 2);
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    assert_int_equal(IMG_SavePNG(s, path), 0);
    SDL_FreeSurface(s);
}

/* The screens of one size and language: the menu, a game with the ranked
 * analysis and a hint, the engine's line, the question before a game is
 * left, a review with a missed win and the win shown, the resume
 * question. */
static void tour(const char *out, int w, int h, bool zh)
{
    char dir[1024], psq[1200], tag[64];
    snprintf(tag, sizeof tag, "%s-%dx%d", zh ? "zh" : "en", w, h);
    harness_data_dir(dir, sizeof dir, "tour");
    App *app = harness_start(w, h, dir, NULL);
    if (zh) {
        harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
    }
    tour_shot(app, out, tag, "menu");
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    for (int i = 0; i < 3; i++) {
        Move m = pick(app_test_game(app));
        harness_click_point(app, m.x, m.y);
        harness_wait_ai(app);
    }
    harness_wait_helper(app);
    tour_shot(app, out, tag, "play-chance");
    harness_key(app, SDLK_a);
    harness_key(app, SDLK_h);
    tour_shot(app, out, tag, "play-analysis-hint");
    harness_key(app, SDLK_a);
    harness_key(app, SDLK_e);
    tour_shot(app, out, tag, "play-engine-line");
    harness_key(app, SDLK_e);
    harness_key(app, SDLK_n);
    tour_shot(app, out, tag, "leave-question");
    harness_key(app, SDLK_ESCAPE);
    snprintf(psq, sizeof psq, "%s/missed-win.psq", dir);
    assert_int_equal(harness_write_file(psq, HARNESS_MISSED_WIN_PSQ), 0);
    harness_drop(app, psq);
    harness_wait_helper(app);
    tour_shot(app, out, tag, "review-missed-win");
    harness_key(app, SDLK_w);
    wait_line(app);
    tour_shot(app, out, tag, "review-show-win");
    harness_key(app, SDLK_ESCAPE);
    harness_key(app, SDLK_LEFT);
    harness_key(app, SDLK_a);
    harness_wait_helper(app);
    tour_shot(app, out, tag, "review-analysis");
    harness_key(app, SDLK_a);
    harness_key(app, SDLK_ESCAPE); /* back to the game in play */
    tour_shot(app, out, tag, "back-to-the-game");
    app_destroy(app);
    app = harness_start(w, h, dir, NULL); /* the game in play was autosaved */
    tour_shot(app, out, tag, "resume-question");
    app_destroy(app);
}

/* Issue 27's screens at 800x600 and 1920x1080 in both languages, written
 * to GOMOKU_SCREENSHOT_TOUR for looking at (skipped without it). */
static void test_tour(void **state)
{
    (void)state;
    const char *out = getenv("GOMOKU_SCREENSHOT_TOUR");
    if (out == NULL || out[0] == '\0') {
        skip();
    }
    static const int SIZES[2][2] = {{800, 600}, {1920, 1080}};
    for (int s = 0; s < 2; s++) {
        for (int zh = 0; zh < 2; zh++) {
            tour(out, SIZES[s][0], SIZES[s][1], zh == 1);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_screenshots),
        cmocka_unit_test(test_tour),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
