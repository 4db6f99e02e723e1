/*
 * test_ui.c - drives the real game loop (app_create + app_step) with
 * synthetic mouse and keyboard events, the way a person would: through the
 * menu, whole games against the computer and between two people, and
 * checks both the game state and the pixels drawn.
 *
 * Set GOMOKU_SHOT_DIR to a folder to also save the screens as PNGs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include <SDL.h>
#include <SDL_image.h>

#include "core/game.h"
#include "core/rules.h"
#include "app.h"
#include "app_test.h"
#include "test_ui_harness.h"

static App *start_app_sized(int w, int h)
{
    return harness_start(w, h, NULL, NULL); /* no data folder: stores nothing */
}

static App *start_app(void)
{
    return start_app_sized(1100, 800);
}

static void save_shot(App *app, const char *name)
{
    const char *dir = getenv("GOMOKU_SHOT_DIR");
    if (dir == NULL || dir[0] == '\0') {
        return;
    }
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.png", dir, name);
    IMG_SavePNG(s, path);
    SDL_FreeSurface(s);
}

/* ------------------------------------------------------------- pixels */

typedef enum Seen { SEEN_OTHER, SEEN_BLACK, SEEN_WHITE, SEEN_WOOD } Seen;

static Seen classify(Uint8 r, Uint8 g, Uint8 b)
{
    int mx = SDL_max(r, SDL_max(g, b)), mn = SDL_min(r, SDL_min(g, b));
    int luma = (299 * r + 587 * g + 114 * b) / 1000;
    if (mx < 95) {
        return SEEN_BLACK;
    }
    if (luma > 175 && mx - mn < 40) {
        return SEEN_WHITE;
    }
    /* Wood: a warm, mid-light brown, red well above blue. */
    if (r >= 150 && r > g && g > b && r - b >= 50 && luma > 110 && luma < 230) {
        return SEEN_WOOD;
    }
    return SEEN_OTHER;
}

/* Checks the capture shows exactly the game's stones: samples each point a
 * little off its centre (off the grid lines, star points, last-move dot and
 * the winning line, but inside where a stone would be). */
static void assert_screen_matches(App *app, const Game *g)
{
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    assert_non_null(s);
    assert_int_equal(s->format->format, SDL_PIXELFORMAT_ARGB8888);
    const Board *b = game_board(g);
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            int px, py, cell;
            assert_true(app_test_point_pixel(app, x, y, &px, &py, &cell));
            int sx = px + cell * 26 / 100, sy = py + cell * 11 / 100;
            assert_true(sx >= 0 && sy >= 0 && sx < s->w && sy < s->h);
            Uint32 v = ((const Uint32 *)((const Uint8 *)s->pixels + sy * s->pitch))[sx];
            Uint8 r = (Uint8)(v >> 16), gg = (Uint8)(v >> 8), bb = (Uint8)v;
            Seen seen = classify(r, gg, bb);
            Stone st = board_get(b, x, y);
            Seen want = st == STONE_BLACK ? SEEN_BLACK : st == STONE_WHITE ? SEEN_WHITE : SEEN_WOOD;
            if (seen != want) {
                SDL_FreeSurface(s);
                fail_msg("point (%d,%d): stone %d but pixel (%d,%d,%d) reads as %d", x, y, (int)st,
                         r, gg, bb, (int)seen);
            }
        }
    }
    SDL_FreeSurface(s);
}

/* ------------------------------------------------------------ strategy */

/* The human's move: the empty point that makes the longest own line, ties
 * to the point nearest the centre, then the first in reading order. */
static Move pick_move(const Game *g)
{
    const Board *b = game_board(g);
    Stone me = game_to_move(g);
    Move best = MOVE_NONE;
    int best_len = -1, best_dist = 1 << 30;
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
            Board t = *b;
            board_set(&t, x, y, me);
            int len = 0;
            const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
            for (int d = 0; d < 4; d++) {
                len = SDL_max(len, rules_line_length(&t, x, y, dirs[d][0], dirs[d][1], me));
            }
            int dist = (x - c) * (x - c) + (y - c) * (y - c);
            if (len > best_len || (len == best_len && dist < best_dist)) {
                best = m;
                best_len = len;
                best_dist = dist;
            }
        }
    }
    return best;
}

/* --------------------------------------------------------------- tests */

static void test_menu_and_game_against_computer(void **state)
{
    (void)state;
    App *app = start_app();
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    assert_null(app_test_game(app));
    save_shot(app, "menu");

    /* 15 -> 9 with the left arrow, which stops at the end. */
    for (int i = 0; i < 8; i++) {
        harness_click_menu(app, MENU_ITEM_SIZE, UI_SPIN_DEC);
    }
    assert_int_equal(app_test_menu_options(app).size, 9);
    harness_click_menu(app, MENU_ITEM_K, UI_SPIN_DEC);
    assert_int_equal(app_test_menu_options(app).k, 4);
    assert_int_equal(app_test_menu_options(app).mode, MODE_HUMAN_BLACK);
    for (int i = 0; i < 3; i++) {
        harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_DEC);
    }
    assert_int_equal(app_test_menu_options(app).preset, AI_PRESET_BEGINNER);
    /* Renju needs five: with k = 4 the rule spinner offers two rules only. */
    harness_click_menu(app, MENU_ITEM_RULE, UI_SPIN_VALUE);
    assert_int_equal(app_test_menu_options(app).rule, RULE_EXACT);
    harness_click_menu(app, MENU_ITEM_RULE, UI_SPIN_VALUE);
    assert_int_equal(app_test_menu_options(app).rule, RULE_FREESTYLE);
    save_shot(app, "menu_options");

    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    const Game *g = app_test_game(app);
    assert_non_null(g);
    assert_int_equal(game_board(g)->size, 9);
    assert_int_equal(game_rules(g).k, 4);
    assert_int_equal(game_move_count(g), 0);

    int moves = 0;
    while (app_test_state(app) == APP_STATE_PLAYING && moves < 81) {
        g = app_test_game(app);
        if (game_to_move(g) != STONE_BLACK) {
            fail_msg("white to move after %d moves (count %d)", moves, game_move_count(g));
        }
        int before = game_move_count(g);
        Move m = pick_move(g);
        assert_true(move_is_valid(m));
        harness_click_point(app, m.x, m.y);
        g = app_test_game(app);
        /* A fast computer may already have answered within those steps. */
        assert_true(game_move_count(g) == before + 1 || game_move_count(g) == before + 2);
        assert_int_equal(game_move_at(g, before).x, m.x);
        assert_int_equal(game_move_at(g, before).y, m.y);
        assert_int_equal(board_get(game_board(g), m.x, m.y), STONE_BLACK);
        harness_wait_ai(app);
        harness_steps(app, 1);
        if (moves == 1) {
            /* Hover an empty point to show the translucent stone. */
            Move h = pick_move(app_test_game(app));
            int hx, hy;
            assert_true(app_test_point_pos(app, h.x, h.y, &hx, &hy));
            harness_motion(hx, hy);
            harness_steps(app, 1);
            save_shot(app, "playing");
        }
        moves++;
    }

    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    g = app_test_game(app);
    GameResult res = game_result(g);
    assert_true(res == GAME_BLACK_WINS || res == GAME_WHITE_WINS);
    Stone winner = res == GAME_BLACK_WINS ? STONE_BLACK : STONE_WHITE;
    Move line[BOARD_MAX_SIZE];
    int len = game_win_line(g, line, BOARD_MAX_SIZE);
    assert_true(len >= 4);
    for (int i = 0; i < len; i++) {
        assert_int_equal(board_get(game_board(g), line[i].x, line[i].y), winner);
    }
    /* Move the pointer away so no hover decoration covers a point. */
    harness_motion(2, 2);
    harness_steps(app, 1);
    assert_screen_matches(app, g);
    save_shot(app, "game_over");

    harness_click_widget(app, APP_WIDGET_REMATCH);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    g = app_test_game(app);
    assert_int_equal(game_move_count(g), 0);
    assert_int_equal(game_board(g)->count, 0);
    assert_int_equal(game_board(g)->size, 9);
    assert_screen_matches(app, g);

    harness_click_widget(app, APP_WIDGET_MENU);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    app_destroy(app);
}

/* Plays the menu to two people on the default 15x15, five in a row. */
static void start_two_people(App *app, bool renju)
{
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    assert_int_equal(app_test_menu_options(app).mode, MODE_TWO_PLAYERS);
    if (renju) {
        harness_click_menu(app, MENU_ITEM_RULE, UI_SPIN_DEC);
        assert_int_equal(app_test_menu_options(app).rule, RULE_RENJU);
    }
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
}

static void test_two_people_by_clicks(void **state)
{
    (void)state;
    App *app = start_app();
    start_two_people(app, false);
    const Game *g = app_test_game(app);
    assert_int_equal(game_board(g)->size, 15);

    const Move black[5] = {{3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}};
    const Move white[4] = {{3, 9}, {4, 9}, {5, 9}, {6, 9}};
    for (int i = 0; i < 5; i++) {
        harness_click_point(app, black[i].x, black[i].y);
        g = app_test_game(app);
        assert_int_equal(board_get(game_board(g), black[i].x, black[i].y), STONE_BLACK);
        if (i == 4) {
            break;
        }
        assert_int_equal(game_to_move(g), STONE_WHITE);

        /* Clicks on an occupied point or off the board change nothing. */
        int count = game_move_count(g);
        harness_click_point(app, black[i].x, black[i].y);
        harness_click(app, 3, 3);
        int bx = 0, by = 0;
        assert_true(app_test_point_pos(app, 14, 14, &bx, &by));
        harness_click(app, bx + 200, by + 200);
        g = app_test_game(app);
        assert_int_equal(game_move_count(g), count);
        assert_int_equal(game_to_move(g), STONE_WHITE);
        assert_int_equal(app_test_state(app), APP_STATE_PLAYING);

        harness_click_point(app, white[i].x, white[i].y);
        g = app_test_game(app);
        assert_int_equal(board_get(game_board(g), white[i].x, white[i].y), STONE_WHITE);
    }
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    g = app_test_game(app);
    assert_int_equal(game_result(g), GAME_BLACK_WINS);
    Move line[BOARD_MAX_SIZE];
    int len = game_win_line(g, line, BOARD_MAX_SIZE);
    assert_int_equal(len, 5);
    for (int i = 0; i < 5; i++) {
        bool found = false;
        for (int j = 0; j < len; j++) {
            found |= move_equal(line[j], black[i]);
        }
        assert_true(found);
    }
    /* Moves after the end are refused. */
    harness_click_point(app, 10, 10);
    assert_int_equal(game_move_count(app_test_game(app)), 9);
    harness_motion(2, 2);
    harness_steps(app, 1);
    assert_screen_matches(app, app_test_game(app));
    save_shot(app, "two_people_over");

    /* Undo from the result goes back to playing; Enter then does nothing
     * until the game is over again; Escape returns to the menu. */
    harness_click_widget(app, APP_WIDGET_UNDO);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    assert_int_equal(game_move_count(app_test_game(app)), 8);
    harness_click_widget(app, APP_WIDGET_REDO);
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    assert_int_equal(game_move_count(app_test_game(app)), 0);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    app_destroy(app);
}

static void test_renju_forbidden_click_refused(void **state)
{
    (void)state;
    App *app = start_app();
    start_two_people(app, true);
    /* Black builds two open twos crossing at (8,7); white plays far away. */
    const Move seq[8] = {{6, 7}, {0, 0}, {7, 7}, {0, 2}, {8, 5}, {0, 4}, {8, 6}, {14, 14}};
    for (int i = 0; i < 8; i++) {
        harness_click_point(app, seq[i].x, seq[i].y);
    }
    const Game *g = app_test_game(app);
    assert_int_equal(game_move_count(g), 8);
    Move m = {8, 7};
    assert_int_equal(game_forbidden(g, m), FORBID_DOUBLE_THREE);
    int x, y;
    assert_true(app_test_point_pos(app, 8, 7, &x, &y));
    harness_motion(x, y);
    harness_steps(app, 1);
    save_shot(app, "renju_forbidden");
    /* The hover shows a red cross at the point, not a stone. */
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    int px, py, cell;
    assert_true(app_test_point_pixel(app, 8, 7, &px, &py, &cell));
    int red = 0;
    for (int d = -cell / 4; d <= cell / 4; d++) {
        Uint32 v = ((const Uint32 *)((const Uint8 *)s->pixels + (py + d) * s->pitch))[px + d];
        Uint8 r = (Uint8)(v >> 16), gg = (Uint8)(v >> 8), bb = (Uint8)v;
        red += r > 180 && gg < 120 && bb < 120;
    }
    SDL_FreeSurface(s);
    assert_true(red >= cell / 4);

    harness_click(app, x, y);
    g = app_test_game(app);
    assert_int_equal(game_move_count(g), 8);
    assert_int_equal(board_get(game_board(g), 8, 7), STONE_EMPTY);
    assert_int_equal(game_to_move(g), STONE_BLACK);
    /* White may play there. */
    harness_click_point(app, 9, 9);
    harness_click_point(app, 8, 7);
    assert_int_equal(board_get(game_board(app_test_game(app)), 8, 7), STONE_WHITE);
    app_destroy(app);
}

static void test_undo_against_computer(void **state)
{
    (void)state;
    App *app = start_app();
    harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_DEC);
    harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_DEC);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    harness_click_point(app, 7, 7);
    harness_wait_ai(app);
    harness_click_point(app, pick_move(app_test_game(app)).x, pick_move(app_test_game(app)).y);
    harness_wait_ai(app);
    assert_int_equal(game_move_count(app_test_game(app)), 4);
    /* Undo takes back the computer's answer and the person's move. */
    harness_click_widget(app, APP_WIDGET_UNDO);
    assert_int_equal(game_move_count(app_test_game(app)), 2);
    assert_int_equal(game_to_move(app_test_game(app)), STONE_BLACK);
    assert_false(app_test_ai_busy(app));
    harness_click_widget(app, APP_WIDGET_REDO);
    assert_int_equal(game_move_count(app_test_game(app)), 4);
    /* New game asks first (the game in progress would be left, and with
     * no data folder it cannot be kept: Enter keeps playing); Leave
     * starts an empty board. */
    harness_click_widget(app, APP_WIDGET_NEW_GAME);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_LEAVE);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    assert_int_equal(game_move_count(app_test_game(app)), 4);
    harness_click_widget(app, APP_WIDGET_NEW_GAME);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_LEAVE);
    harness_click_widget(app, APP_WIDGET_DIALOG_OK);
    assert_int_equal(game_move_count(app_test_game(app)), 0);
    app_destroy(app);
}

static void test_quit_while_thinking(void **state)
{
    (void)state;
    App *app = start_app();
    for (int i = 0; i < 3; i++) {
        harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_INC);
    }
    assert_int_equal(app_test_menu_options(app).preset, AI_PRESET_MASTER);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    harness_motion(10, 10);
    int x, y;
    assert_true(app_test_point_pos(app, 7, 7, &x, &y));
    harness_motion(x, y);
    harness_button(SDL_MOUSEBUTTONDOWN, x, y);
    harness_button(SDL_MOUSEBUTTONUP, x, y);
    assert_true(app_step(app));
    assert_int_equal(game_move_count(app_test_game(app)), 1);
    if (app_test_ai_busy(app)) {
        SDL_Delay(300);
        save_shot(app, "thinking");
    }
    /* Quit with the search (most likely) still running: the very next step
     * must say stop, and destroying must not hang or leak. */
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_QUIT;
    SDL_PushEvent(&ev);
    assert_false(app_step(app));
    app_destroy(app);
}

static void test_undo_while_thinking(void **state)
{
    (void)state;
    App *app = start_app();
    for (int i = 0; i < 3; i++) {
        harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_INC);
    }
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    harness_click_point(app, 7, 7);
    harness_click_point(app, 7, 7); /* occupied, and not our turn: ignored */
    const Game *g = app_test_game(app);
    if (game_move_count(g) == 1) {
        /* The computer is still thinking: undo cancels it and takes the
         * person's move back; the cancelled answer must never land. */
        assert_true(app_test_ai_busy(app));
        harness_click_widget(app, APP_WIDGET_UNDO);
        assert_false(app_test_ai_busy(app));
        assert_int_equal(game_move_count(app_test_game(app)), 0);
        for (int i = 0; i < 200; i++) {
            assert_true(app_step(app));
            SDL_Delay(1);
        }
        assert_int_equal(game_move_count(app_test_game(app)), 0);
        assert_int_equal(game_to_move(app_test_game(app)), STONE_BLACK);
    } else {
        /* It answered already: undo takes back both moves. */
        assert_int_equal(game_move_count(g), 2);
        harness_click_widget(app, APP_WIDGET_UNDO);
        assert_int_equal(game_move_count(app_test_game(app)), 0);
    }
    harness_click_point(app, 6, 6);
    assert_int_equal(board_get(game_board(app_test_game(app)), 6, 6), STONE_BLACK);
    harness_wait_ai(app);
    assert_int_equal(game_move_count(app_test_game(app)), 2);
    app_destroy(app);
}

static void test_computer_plays_black(void **state)
{
    (void)state;
    App *app = start_app();
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    assert_int_equal(app_test_menu_options(app).mode, MODE_COMPUTER_BLACK);
    harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_DEC);
    harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_DEC);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    harness_wait_ai(app);
    const Game *g = app_test_game(app);
    assert_int_equal(game_move_count(g), 1);
    assert_int_equal(game_to_move(g), STONE_WHITE);
    assert_int_equal(board_get(game_board(g), game_last_move(g).x, game_last_move(g).y),
                     STONE_BLACK);
    /* Nothing to undo yet: the computer's opening move is not the person's. */
    harness_click_widget(app, APP_WIDGET_UNDO);
    assert_int_equal(game_move_count(app_test_game(app)), 1);
    app_destroy(app);
}

static void test_portrait_window(void **state)
{
    (void)state;
    App *app = start_app_sized(640, 960);
    save_shot(app, "menu_portrait");
    start_two_people(app, false);
    const Move seq[6] = {{7, 7}, {8, 8}, {6, 6}, {9, 9}, {5, 5}, {8, 6}};
    for (int i = 0; i < 6; i++) {
        harness_click_point(app, seq[i].x, seq[i].y);
        assert_int_equal(game_move_count(app_test_game(app)), i + 1);
    }
    harness_motion(2, 2);
    harness_steps(app, 1);
    assert_screen_matches(app, app_test_game(app));
    save_shot(app, "playing_portrait");
    harness_click_widget(app, APP_WIDGET_UNDO);
    assert_int_equal(game_move_count(app_test_game(app)), 5);
    harness_click_widget(app, APP_WIDGET_MENU);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    app_destroy(app);
}

static void test_resize_keeps_clicks_aligned(void **state)
{
    (void)state;
    App *app = start_app();
    start_two_people(app, false);
    harness_click_point(app, 7, 7);
    harness_click_point(app, 0, 0);
    int x0, y0;
    assert_true(app_test_point_pos(app, 14, 14, &x0, &y0));
    /* Portrait, then small landscape: the board moves and the clicks follow. */
    const int sizes[2][2] = {{700, 1000}, {800, 560}};
    for (int i = 0; i < 2; i++) {
        SDL_SetWindowSize(app_test_window(app), sizes[i][0], sizes[i][1]);
        harness_steps(app, 3);
        int x, y;
        assert_true(app_test_point_pos(app, 14, 14, &x, &y));
        assert_true(x < sizes[i][0] && y < sizes[i][1]);
        assert_true(x != x0 || y != y0);
        x0 = x;
        y0 = y;
    }
    harness_click_point(app, 14, 14);
    harness_click_point(app, 3, 12);
    const Game *g = app_test_game(app);
    assert_int_equal(board_get(game_board(g), 14, 14), STONE_BLACK);
    assert_int_equal(board_get(game_board(g), 3, 12), STONE_WHITE);
    harness_motion(1, 1);
    harness_steps(app, 1);
    assert_screen_matches(app, g);
    save_shot(app, "resized_small");
    app_destroy(app);
}

static void test_computer_vs_computer(void **state)
{
    (void)state;
    App *app = start_app();
    for (int i = 0; i < 8; i++) {
        harness_click_menu(app, MENU_ITEM_SIZE, UI_SPIN_DEC);
    }
    harness_click_menu(app, MENU_ITEM_K, UI_SPIN_DEC);
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_DEC);
    assert_int_equal(app_test_menu_options(app).mode, MODE_AI_VS_AI);
    harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_DEC);
    harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_DEC);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    /* Clicks on the board are not moves when nobody human plays. */
    harness_click_point(app, 4, 4);
    int guard = 0;
    while (app_test_state(app) == APP_STATE_PLAYING && guard++ < HARNESS_WAIT_LIMIT) {
        assert_true(app_step(app));
        SDL_Delay(1);
    }
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    const Game *g = app_test_game(app);
    assert_true(game_result(g) != GAME_ONGOING);
    if (game_result(g) != GAME_DRAW) {
        Move line[BOARD_MAX_SIZE];
        assert_true(game_win_line(g, line, BOARD_MAX_SIZE) >= 4);
    }
    harness_motion(1, 1);
    harness_steps(app, 1);
    assert_screen_matches(app, g);
    save_shot(app, "ai_vs_ai_over");
    /* Rematch: the computer opens again by itself. */
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    assert_true(app_test_ai_busy(app) || game_move_count(app_test_game(app)) > 0);
    app_destroy(app);
}

int main(void)
{
    /* CI runs this file a second time in a real X11 window under Xvfb; CTest's
     * environment pins the dummy driver, so a variable of our own overrides it. */
    const char *driver = SDL_getenv("GOMOKU_TEST_VIDEODRIVER");
    if (driver != NULL && driver[0] != '\0') {
        SDL_setenv("SDL_VIDEODRIVER", driver, 1);
        printf("test_ui: video driver %s\n", driver);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_menu_and_game_against_computer),
        cmocka_unit_test(test_two_people_by_clicks),
        cmocka_unit_test(test_renju_forbidden_click_refused),
        cmocka_unit_test(test_undo_against_computer),
        cmocka_unit_test(test_undo_while_thinking),
        cmocka_unit_test(test_computer_plays_black),
        cmocka_unit_test(test_portrait_window),
        cmocka_unit_test(test_resize_keeps_clicks_aligned),
        cmocka_unit_test(test_computer_vs_computer),
        cmocka_unit_test(test_quit_while_thinking),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
