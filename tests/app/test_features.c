/*
 * test_features.c - the complete game's features, driven through the real
 * loop headless like a person would: undo during a search, hint, analysis,
 * review and its graph, save and load through the list, autosave and
 * resume, damaged files (message shown, file untouched), a file given on
 * the command line or dropped, resize and HiDPI click mapping, fullscreen,
 * the language switch, clocks and the keyboard.
 */
#include "test_ui_harness.h"

#include <string.h>

#include "core/rules.h"
#include "store/i18n.h"
#include "platform/input.h"
#include "view/layout.h"
#include "store/storage.h"

/* Starts a two-people game on the default 15x15 board. */
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

/* Plays black's five against white's four: black wins on move 9. */
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

static bool is_dark_stone(Uint32 v)
{
    Uint8 r = (Uint8)(v >> 16), g = (Uint8)(v >> 8), b = (Uint8)v;
    return SDL_max(r, SDL_max(g, b)) < 95;
}

/* ------------------------------------------------------------------ tests */

static void test_undo_during_search(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    /* Master thinks long enough to be caught mid-search. */
    for (int i = 0; i < 2; i++) {
        harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_INC);
    }
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    harness_click_point(app, 7, 7);
    harness_wait_ai(app);
    assert_int_equal(game_move_count(app_test_game(app)), 2);
    /* A free point next to the centre (the computer took one of them). */
    Move m = {8, 8};
    if (board_get(game_board(app_test_game(app)), m.x, m.y) != STONE_EMPTY) {
        m = (Move){6, 6};
    }
    /* The click and Ctrl+Z are queued together, so the undo always lands
     * while the search the click started is running. */
    int wx, wy;
    assert_true(app_test_point_pos(app, m.x, m.y, &wx, &wy));
    harness_motion(wx, wy);
    harness_button(SDL_MOUSEBUTTONDOWN, wx, wy);
    harness_button(SDL_MOUSEBUTTONUP, wx, wy);
    SDL_Event key;
    SDL_zero(key);
    key.type = SDL_KEYDOWN;
    key.key.state = SDL_PRESSED;
    key.key.keysym.sym = SDLK_z;
    key.key.keysym.mod = KMOD_LCTRL;
    SDL_PushEvent(&key);
    harness_steps(app, 1);
    assert_false(app_test_ai_busy(app));
    assert_int_equal(game_move_count(app_test_game(app)), 2);
    assert_int_equal(game_to_move(app_test_game(app)), STONE_BLACK);
    /* The cancelled answer never lands. */
    for (int i = 0; i < 100; i++) {
        harness_steps(app, 1);
        SDL_Delay(1);
    }
    assert_int_equal(game_move_count(app_test_game(app)), 2);
    /* Redo brings the person's move back and the computer answers. */
    harness_key_mod(app, SDLK_y, KMOD_LCTRL);
    assert_true(game_move_count(app_test_game(app)) >= 3);
    assert_true(move_equal(game_move_at(app_test_game(app), 2), m));
    harness_wait_ai(app);
    assert_int_equal(game_move_count(app_test_game(app)), 4);
    app_destroy(app);
}

static void test_hint_and_analysis(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    harness_click_point(app, 7, 7);
    harness_wait_ai(app);
    assert_true(move_equal(app_test_hint(app), MOVE_NONE));
    harness_click_widget(app, APP_WIDGET_HINT);
    harness_wait_helper(app);
    Move h = app_test_hint(app);
    assert_true(move_is_valid(h));
    assert_int_equal(board_get(game_board(app_test_game(app)), h.x, h.y), STONE_EMPTY);
    /* The marker is drawn: bluish where the board is wood otherwise. */
    harness_motion(2, 2);
    harness_steps(app, 1);
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    int px, py, cell;
    assert_true(app_test_point_pixel(app, h.x, h.y, &px, &py, &cell));
    Uint32 v = pixel_at(s, px + cell / 5, py);
    SDL_FreeSurface(s);
    assert_true((int)(Uint8)v > (int)(Uint8)(v >> 16));
    /* Playing it clears it. */
    harness_click_point(app, h.x, h.y);
    assert_int_equal(board_get(game_board(app_test_game(app)), h.x, h.y), STONE_BLACK);
    assert_true(move_equal(app_test_hint(app), MOVE_NONE));
    harness_wait_ai(app);

    /* Analysis: A turns it on, the helper reports ranked candidates. */
    assert_false(app_test_settings(app).analysis);
    harness_key(app, SDLK_a);
    assert_true(app_test_settings(app).analysis);
    harness_wait_helper(app);
    AiInfo info;
    assert_true(app_test_analysis(app, &info));
    assert_true(info.root_count >= 1);
    assert_true(move_is_valid(info.best));
    assert_int_equal(board_get(game_board(app_test_game(app)), info.best.x, info.best.y),
                     STONE_EMPTY);
    harness_click_widget(app, APP_WIDGET_TGL_ANALYSIS);
    assert_false(app_test_settings(app).analysis);
    app_destroy(app);
}

static void test_review_navigation(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    start_two_people(app);
    play_black_win(app, 9);
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    harness_click_widget(app, APP_WIDGET_HINT); /* Review */
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    int pos, n, ev;
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(n, 9);
    assert_int_equal(pos, 9);
    harness_key(app, SDLK_LEFT);
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 8);
    harness_key(app, SDLK_HOME);
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 0);
    harness_key(app, SDLK_RIGHT);
    harness_key(app, SDLK_RIGHT);
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 2);
    harness_key(app, SDLK_END);
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 9);
    /* The graph fills in; a click on it jumps there. */
    harness_wait_helper(app);
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(ev, 10);
    int gx, gy;
    assert_true(app_test_graph_pos(app, 3, &gx, &gy));
    harness_click(app, gx, gy);
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 3);
    /* The board shows the position after three moves. */
    harness_motion(2, 2);
    harness_steps(app, 1);
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    int px, py, cell;
    assert_true(app_test_point_pixel(app, BLACK5[1].x, BLACK5[1].y, &px, &py, &cell));
    assert_true(is_dark_stone(pixel_at(s, px + cell / 4, py + cell / 9)));
    assert_true(app_test_point_pixel(app, BLACK5[2].x, BLACK5[2].y, &px, &py, &cell));
    assert_false(is_dark_stone(pixel_at(s, px + cell / 4, py + cell / 9)));
    SDL_FreeSurface(s);
    /* Prev / Next buttons, then Back to the result. */
    harness_click_widget(app, APP_WIDGET_UNDO);
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 2);
    harness_click_widget(app, APP_WIDGET_REDO);
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 3);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    assert_int_equal(game_move_count(app_test_game(app)), 9);
    app_destroy(app);
}

static void test_save_load_round_trip(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "feat-save");
    App *app = harness_start(1100, 800, dir, NULL);
    start_two_people(app);
    play_black_win(app, 5);
    harness_click_widget(app, APP_WIDGET_SAVE);
    /* Save asks for a name, the suggested one selected: Enter takes it. */
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_SAVE_NAME);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    /* The unfinished game waits behind Resume. */
    harness_click_menu(app, MENU_ITEM_RESUME, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    assert_int_equal(game_move_count(app_test_game(app)), 5);
    harness_key(app, SDLK_ESCAPE);
    harness_click_menu(app, MENU_ITEM_LOAD, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    int count, sel;
    app_test_files(app, &count, &sel);
    assert_int_equal(count, 1);
    assert_int_equal(sel, 0);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    const Game *g = app_test_game(app);
    assert_int_equal(game_move_count(g), 5);
    for (int i = 0; i < 5; i++) {
        Move want = i % 2 == 0 ? BLACK5[i / 2] : WHITE4[i / 2];
        assert_true(move_equal(game_move_at(g, i), want));
    }
    /* Back from the review of a file: the menu it was opened from, the
     * game in play behind Resume as it was; Resume plays on. */
    harness_click_widget(app, APP_WIDGET_MENU);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    harness_click_menu(app, MENU_ITEM_RESUME, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    assert_int_equal(game_move_count(app_test_game(app)), 5);
    play_black_win(app, 0);
    harness_click_point(app, BLACK5[3].x, BLACK5[3].y);
    assert_int_equal(game_move_count(app_test_game(app)), 6);

    /* Export .psq from the list (it joins the list, the save stays
     * selected), then delete the save with confirmation. */
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    harness_click_widget(app, APP_WIDGET_FILES_EXPORT);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_EXPORTED);
    harness_key(app, SDLK_RETURN); /* OK: the path was shown */
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    app_test_files(app, &count, &sel);
    assert_int_equal(count, 2);
    const char *name = NULL;
    bool psq = true;
    assert_true(app_test_file(app, sel, &name, &psq));
    assert_false(psq);
    harness_click_widget(app, APP_WIDGET_FILES_DELETE);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_DELETE);
    harness_click_widget(app, APP_WIDGET_DIALOG_OK);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    app_test_files(app, &count, &sel);
    assert_int_equal(count, 1);
    assert_true(app_test_file(app, 0, &name, &psq));
    assert_true(psq);
    app_destroy(app);
}

static void test_autosave_and_resume(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "feat-autosave");
    App *app = harness_start(1100, 800, dir, NULL);
    start_two_people(app);
    play_black_win(app, 3);
    app_destroy(app); /* closing the window mid-game */

    app = harness_start(1100, 800, dir, NULL);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_RESUME);
    /* The question names the game. */
    assert_non_null(strstr(text, i18n_get(I18N_RESUME_QUESTION)));
    char size15[32];
    i18n_format(size15, sizeof size15, I18N_FMT_BOARD_SIZE, 15, 15);
    assert_non_null(strstr(text, size15));
    assert_non_null(strstr(text, "3 moves"));
    assert_non_null(strstr(text, i18n_get(I18N_MATCH_TWO_PLAYERS)));
    assert_non_null(strstr(text, "last move 20"));
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    assert_int_equal(game_move_count(app_test_game(app)), 3);
    assert_int_equal(app_test_menu_options(app).mode, MODE_TWO_PLAYERS);
    /* Finishing the game removes the autosave: nothing to resume. */
    for (int i = 3; i < 9; i++) {
        Move m = i % 2 == 0 ? BLACK5[i / 2] : WHITE4[i / 2];
        harness_click_point(app, m.x, m.y);
    }
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    app_destroy(app);
    app = harness_start(1100, 800, dir, NULL);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    app_destroy(app);
}

static void test_corrupt_files(void **state)
{
    (void)state;
    char dir[1024], path[1200], buf[4096];
    harness_data_dir(dir, sizeof dir, "feat-corrupt");
    App *app = harness_start(1100, 800, dir, NULL); /* creates the folders */
    app_destroy(app);

    const char *junk = "gomoku-record 1\nsize 15\nmoves h8 z99 \x01\x02 garbage";
    snprintf(path, sizeof path, "%s/saves/bad.gomoku", dir);
    assert_int_equal(harness_write_file(path, junk), 0);
    const char *bad_ini = "\x7f\x45LF binary junk\n";
    char ini[1200];
    snprintf(ini, sizeof ini, "%s/settings.ini", dir);
    assert_int_equal(harness_write_file(ini, bad_ini), 0);

    app = harness_start(1100, 800, dir, NULL);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_MESSAGE);
    /* What happened, then why (the reader's words). */
    assert_memory_equal(text, i18n_get(I18N_SETTINGS_CORRUPT),
                        strlen(i18n_get(I18N_SETTINGS_CORRUPT)));
    assert_non_null(strstr(text, "line 1 contains binary data"));
    harness_click_widget(app, APP_WIDGET_DIALOG_OK);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);

    harness_click_menu(app, MENU_ITEM_LOAD, UI_SPIN_NONE);
    int count, sel;
    app_test_files(app, &count, &sel);
    assert_int_equal(count, 1);
    harness_click_widget(app, APP_WIDGET_FILES_OPEN);
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_MESSAGE);
    assert_non_null(strstr(text, "bad.gomoku"));
    /* The message is on screen: the dialog darkens the list. */
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    SDL_FreeSurface(s);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    harness_key(app, SDLK_ESCAPE);
    app_destroy(app);

    /* Neither file was touched. */
    assert_true(harness_read_file(path, buf, sizeof buf) >= 0);
    assert_string_equal(buf, junk);
    assert_true(harness_read_file(ini, buf, sizeof buf) >= 0);
    assert_string_equal(buf, bad_ini);

    /* The same file from the command line: message, no crash. */
    app = harness_start(1100, 800, dir, path);
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_MESSAGE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    app_destroy(app);
    assert_true(harness_read_file(path, buf, sizeof buf) >= 0);
    assert_string_equal(buf, junk);
}

static void test_open_psq_and_drop(void **state)
{
    (void)state;
    char dir[1024], psq[1200];
    harness_data_dir(dir, sizeof dir, "feat-psq");
    App *app = harness_start(1100, 800, dir, NULL);
    app_destroy(app);
    snprintf(psq, sizeof psq, "%s/game.psq", dir);
    assert_int_equal(harness_write_file(psq, "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n"
                                             "8,9,0\n-1\n"),
                     0);
    app = harness_start(1100, 800, dir, psq);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    int pos, n, ev;
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(n, 3);
    /* Opened at the start: Back is the menu, the file's game not made
     * the game in play. */
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);

    /* Dropped on the window. */
    harness_drop(app, psq);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    app_destroy(app);
}

static void check_clicks(App *app)
{
    const Game *g = app_test_game(app);
    int before = game_move_count(g);
    const Move pts[3] = {{0, 0}, {14, 14}, {6, 9}};
    for (int i = 0; i < 3; i++) {
        harness_click_point(app, pts[i].x, pts[i].y);
        g = app_test_game(app);
        assert_int_equal(game_move_count(g), before + i + 1);
        assert_int_not_equal(board_get(game_board(g), pts[i].x, pts[i].y), STONE_EMPTY);
    }
    harness_key_mod(app, SDLK_z, KMOD_LCTRL);
    harness_key_mod(app, SDLK_z, KMOD_LCTRL);
    harness_key_mod(app, SDLK_z, KMOD_LCTRL);
}

static void test_resize_fullscreen_and_hidpi(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    start_two_people(app);
    const int sizes[4][2] = {{800, 600}, {600, 900}, {2560, 1440}, {1100, 800}};
    for (int i = 0; i < 4; i++) {
        SDL_SetWindowSize(app_test_window(app), sizes[i][0], sizes[i][1]);
        harness_steps(app, 3);
        check_clicks(app);
    }
    harness_key(app, SDLK_F11);
    harness_steps(app, 3);
    check_clicks(app);
    harness_key(app, SDLK_F11);
    harness_steps(app, 3);
    check_clicks(app);
    app_destroy(app);

    /* A 2x screen: window coordinates are halved, input scales them back,
     * and every point is hit from anywhere inside its cell. */
    Layout l;
    layout_compute_ex(&l, 2200, 1600, 2.0f, 15, true);
    for (int y = 0; y < 15; y++) {
        for (int x = 0; x < 15; x++) {
            int px, py;
            assert_true(layout_point_to_pixel(&l, x, y, &px, &py));
            const int d[3] = {-l.cell / 3, 0, l.cell / 3};
            for (int k = 0; k < 3; k++) {
                SDL_Event ev;
                SDL_zero(ev);
                ev.type = SDL_MOUSEBUTTONUP;
                ev.button.button = SDL_BUTTON_LEFT;
                ev.button.x = (px + d[k]) / 2;
                ev.button.y = (py - d[k]) / 2;
                AppCommand cmd;
                assert_true(input_translate(&ev, 2.0f, 2.0f, &cmd));
                int gx, gy;
                assert_true(layout_pixel_to_point(&l, cmd.x, cmd.y, &gx, &gy));
                assert_int_equal(gx, x);
                assert_int_equal(gy, y);
            }
        }
    }
}

/* Counts pixels of the capture inside r that are much lighter than the
 * button behind them: the label's glyphs. */
static int text_pixels(App *app, MenuItem item)
{
    int cx, cy;
    assert_true(app_test_menu_pos(app, item, UI_SPIN_NONE, &cx, &cy));
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    int count = 0;
    for (int y = cy - 8; y <= cy + 8; y++) {
        for (int x = cx - 40; x <= cx + 40; x++) {
            Uint32 v = pixel_at(s, x, y);
            int luma =
                (299 * (int)(Uint8)(v >> 16) + 587 * (int)(Uint8)(v >> 8) + 114 * (int)(Uint8)v) /
                1000;
            count += luma > 200;
        }
    }
    SDL_FreeSurface(s);
    return count;
}

static void test_language_switch(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "feat-lang");
    App *app = harness_start(1100, 800, dir, NULL);
    assert_int_equal(i18n_language(), I18N_LANG_EN);
    harness_motion(2, 2);
    int en = text_pixels(app, MENU_ITEM_QUIT);
    assert_true(en > 20);
    harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
    assert_int_equal(i18n_language(), I18N_LANG_ZH);
    assert_int_equal(app_test_menu_options(app).lang, I18N_LANG_ZH);
    assert_string_not_equal(i18n_get(I18N_BTN_QUIT), "Quit");
    harness_motion(2, 2);
    harness_steps(app, 1);
    int zh = text_pixels(app, MENU_ITEM_QUIT);
    assert_true(zh > 20);
    assert_int_not_equal(zh, en);
    /* The game screen in Chinese, then the choice survives a restart. */
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    harness_click_point(app, 7, 7);
    harness_wait_ai(app);
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    SDL_FreeSurface(s);
    app_destroy(app);
    app = harness_start(1100, 800, dir, NULL);
    assert_int_equal(i18n_language(), I18N_LANG_ZH);
    if (app_test_dialog(app, NULL) == APP_DIALOG_RESUME) {
        harness_key(app, SDLK_ESCAPE);
    }
    harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
    assert_int_equal(i18n_language(), I18N_LANG_EN);
    app_destroy(app);
}

static void test_clock_runs_out(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    start_two_people(app);
    harness_click_point(app, 7, 7);
    app_test_set_clock(app, 60000, 30);
    int i = 0;
    while (app_test_state(app) == APP_STATE_PLAYING && i++ < 5000) {
        harness_steps(app, 1);
        SDL_Delay(1);
    }
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    assert_int_equal(app_test_result(app), GAME_BLACK_WINS);
    assert_int_equal(game_result(app_test_game(app)), GAME_ONGOING);
    /* A flag that fell cannot be taken back. */
    harness_key_mod(app, SDLK_z, KMOD_LCTRL);
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    app_destroy(app);
}

static void test_keyboard_play(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    /* Menu by keyboard: focus down to the Black row (after the board's
     * size, k, the rule, the opening and the clock), change it twice. */
    harness_key(app, SDLK_HOME);
    for (int i = 0; i < 5; i++) {
        harness_key(app, SDLK_DOWN);
    }
    harness_key(app, SDLK_RIGHT);
    harness_key(app, SDLK_RIGHT);
    assert_int_equal(app_test_menu_options(app).mode, MODE_TWO_PLAYERS);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    /* Arrows move the cursor from the centre, Enter places. */
    harness_key(app, SDLK_RIGHT);
    harness_key(app, SDLK_UP);
    harness_key(app, SDLK_RETURN);
    const Game *g = app_test_game(app);
    assert_int_equal(game_move_count(g), 1);
    assert_int_equal(board_get(game_board(g), 8, 6), STONE_BLACK);
    harness_key(app, SDLK_LEFT);
    harness_key(app, SDLK_SPACE);
    assert_int_equal(board_get(game_board(app_test_game(app)), 7, 6), STONE_WHITE);
    /* Toggles by key. */
    bool numbers = app_test_settings(app).move_numbers;
    harness_key(app, SDLK_d);
    assert_int_not_equal(app_test_settings(app).move_numbers, numbers);
    bool coords = app_test_settings(app).coordinates;
    harness_key(app, SDLK_c);
    assert_int_not_equal(app_test_settings(app).coordinates, coords);
    check_clicks(app);
    bool sound = app_test_settings(app).sound;
    harness_key(app, SDLK_m);
    assert_int_not_equal(app_test_settings(app).sound, sound);
    /* N asks before it leaves the game in progress; Leave starts a new
     * game; Esc goes to the menu. */
    harness_key(app, SDLK_n);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_LEAVE);
    harness_click_widget(app, APP_WIDGET_DIALOG_OK); /* no data folder: Enter would stay */
    assert_int_equal(game_move_count(app_test_game(app)), 0);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    app_destroy(app);
}

static void test_renju_forbidden_marks(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    harness_click_menu(app, MENU_ITEM_RULE, UI_SPIN_INC);
    harness_click_menu(app, MENU_ITEM_RULE, UI_SPIN_INC);
    assert_int_equal(app_test_menu_options(app).rule, RULE_RENJU);
    start_two_people(app);
    const Move moves[8] = {{6, 7}, {0, 0}, {7, 7}, {0, 2}, {8, 5}, {0, 4}, {8, 6}, {0, 6}};
    for (int i = 0; i < 8; i++) {
        harness_click_point(app, moves[i].x, moves[i].y);
    }
    assert_int_equal(game_move_count(app_test_game(app)), 8);
    assert_int_not_equal(game_forbidden(app_test_game(app), (Move){8, 7}), FORBID_NONE);
    harness_motion(2, 2);
    harness_steps(app, 1);
    int px, py, cell;
    assert_true(app_test_point_pixel(app, 8, 7, &px, &py, &cell));
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    Uint32 v = pixel_at(s, px + cell / 12, py + cell / 12);
    SDL_FreeSurface(s);
    Uint8 r = (Uint8)(v >> 16), g = (Uint8)(v >> 8);
    assert_true(r > 150 && g < 110);
    /* F hides the marks: wood again. */
    harness_key(app, SDLK_f);
    assert_false(app_test_settings(app).forbidden_marks);
    assert_int_equal(app_capture(app, &s), 0);
    v = pixel_at(s, px + cell / 12, py + cell / 12);
    SDL_FreeSurface(s);
    assert_true((Uint8)(v >> 8) > 110);
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undo_during_search),
        cmocka_unit_test(test_hint_and_analysis),
        cmocka_unit_test(test_review_navigation),
        cmocka_unit_test(test_save_load_round_trip),
        cmocka_unit_test(test_autosave_and_resume),
        cmocka_unit_test(test_corrupt_files),
        cmocka_unit_test(test_open_psq_and_drop),
        cmocka_unit_test(test_resize_fullscreen_and_hidpi),
        cmocka_unit_test(test_language_switch),
        cmocka_unit_test(test_clock_runs_out),
        cmocka_unit_test(test_keyboard_play),
        cmocka_unit_test(test_renju_forbidden_marks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
