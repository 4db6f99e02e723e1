/*
 * selftest.c - a scripted two-people game through the real app loop.
 */
#include "selftest.h"

#include <stdio.h>

#include <SDL.h>
#include <SDL_image.h>

#include "core/game.h"
#include "app.h"
#include "app_test.h"

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "gomoku: self-test failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            goto fail;                                                                             \
        }                                                                                          \
    } while (0)

static void push_button(Uint32 type, int x, int y)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = type;
    ev.button.button = SDL_BUTTON_LEFT;
    ev.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    ev.button.clicks = 1;
    ev.button.x = x;
    ev.button.y = y;
    SDL_PushEvent(&ev);
}

static void push_motion(int x, int y)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_MOUSEMOTION;
    ev.motion.x = x;
    ev.motion.y = y;
    SDL_PushEvent(&ev);
}

/* Returns false if the app quit. */
static bool click(App *app, int x, int y)
{
    push_motion(x, y);
    push_button(SDL_MOUSEBUTTONDOWN, x, y);
    push_button(SDL_MOUSEBUTTONUP, x, y);
    return app_step(app) && app_step(app);
}

static bool click_point(App *app, int px, int py)
{
    int x = 0, y = 0;
    return app_test_point_pos(app, px, py, &x, &y) && click(app, x, y);
}

int selftest_run(const char *assets_dir, const char *png_path)
{
    /* No data folder: the self-test neither reads nor leaves a save. */
    AppConfig cfg = {.assets_dir = assets_dir,
                     .window_w = 1100,
                     .window_h = 800,
                     .headless_test = true,
                     .data_dir = NULL};
    SDL_Surface *shot = NULL;
    char err[2048];
    App *app = app_create(&cfg, err, sizeof err);
    if (app == NULL) {
        fprintf(stderr, "gomoku: %s\n", err);
        return 1;
    }
    for (int i = 0; i < 3; i++) {
        CHECK(app_step(app));
    }

    /* Menu: the Players row to "Two players" (two steps right), then Play. */
    for (int i = 0; i < 2; i++) {
        int x = 0, y = 0;
        CHECK(app_test_menu_pos(app, MENU_ITEM_MODE, UI_SPIN_INC, &x, &y));
        CHECK(click(app, x, y));
    }
    CHECK(app_test_menu_options(app).mode == MODE_TWO_PLAYERS);
    int px = 0, py = 0;
    CHECK(app_test_menu_pos(app, MENU_ITEM_PLAY, UI_SPIN_NONE, &px, &py));
    CHECK(click(app, px, py));
    CHECK(app_test_state(app) == APP_STATE_PLAYING);

    const Move black[5] = {{3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}};
    const Move white[4] = {{3, 9}, {4, 9}, {5, 9}, {6, 9}};
    for (int i = 0; i < 5; i++) {
        CHECK(click_point(app, black[i].x, black[i].y));
        CHECK(board_get(game_board(app_test_game(app)), black[i].x, black[i].y) == STONE_BLACK);
        if (i < 4) {
            CHECK(click_point(app, white[i].x, white[i].y));
            CHECK(board_get(game_board(app_test_game(app)), white[i].x, white[i].y) == STONE_WHITE);
        }
    }
    CHECK(app_test_state(app) == APP_STATE_GAME_OVER);
    CHECK(game_result(app_test_game(app)) == GAME_BLACK_WINS);
    CHECK(game_move_count(app_test_game(app)) == 9);

    /* Park the pointer in a corner so no hover effect shows in the shot. */
    push_motion(2, 2);
    CHECK(app_step(app));
    if (png_path != NULL) {
        CHECK(app_capture(app, &shot) == 0);
        if (IMG_SavePNG(shot, png_path) != 0) {
            fprintf(stderr, "gomoku: cannot write %s: %s\n", png_path, IMG_GetError());
            goto fail;
        }
        SDL_FreeSurface(shot);
        shot = NULL;
    }
    app_destroy(app);
    printf("gomoku: self-test passed (black won in 9 moves)\n");
    return 0;

fail:
    SDL_FreeSurface(shot);
    app_destroy(app);
    return 1;
}
