/*
 * test_puzzle_ui.c - the puzzle trainer through the real app, headless:
 * Puzzles on the menu, today's daily puzzle first, a puzzle solved by
 * clicks (the rating goes up), a hint's region drawn on the board, a move
 * off the line refuted by the engine on its thread, the solution shown
 * (the rating goes down), Try again; the history written and read back by
 * the next start; a damaged history kept aside with a message.  With
 * GOMOKU_SCREENSHOT_EXTRA naming a folder it writes the screens at
 * 800x600 and 1920x1080, in English and Chinese, for checking by eye.
 */
#include "test_ui_harness.h"

#include "scenes/scene_puzzle.h"
#include "store/i18n.h"

/* The trainer's buttons sit in the game screens' slots. */
#define W_RETRY    APP_WIDGET_UNDO
#define W_HINT     APP_WIDGET_REDO
#define W_SOLUTION APP_WIDGET_HINT
#define W_NEXT     APP_WIDGET_SAVE

static void shot(App *app, const char *name)
{
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", name);
}

static const PuzzleScene *open_puzzles(App *app)
{
    harness_click_menu(app, MENU_ITEM_PUZZLES, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PUZZLE);
    const PuzzleScene *ps = app_test_puzzle(app);
    assert_non_null(ps);
    assert_true(ps->have_run);
    return ps;
}

/* Plays the solution's moves by clicks until the puzzle is solved. */
static void solve(App *app, const PuzzleScene *ps)
{
    for (int i = 0; i < PUZZLE_SOLUTION_MAX && ps->run.state == TRAINER_RUN_SOLVING; i++) {
        Move m = trainer_run_expected(&ps->run);
        harness_click_point(app, m.x, m.y);
    }
    assert_int_equal(ps->run.state, TRAINER_RUN_SOLVED);
}

/* An empty point at least three points from every stone. */
static Move far_point(const PuzzleScene *ps)
{
    const Board *b = game_board(ps->run.game);
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            bool near = false;
            for (int dy = -3; dy <= 3 && !near; dy++) {
                for (int dx = -3; dx <= 3 && !near; dx++) {
                    near = board_in_bounds(b, x + dx, y + dy) &&
                           board_get(b, x + dx, y + dy) != STONE_EMPTY;
                }
            }
            if (!near) {
                return (Move){x, y};
            }
        }
    }
    fail_msg("no far point");
    return MOVE_NONE;
}

static void wait_refutation(App *app, const PuzzleScene *ps)
{
    for (int i = 0; i < HARNESS_WAIT_LIMIT && ps->run.state == TRAINER_RUN_CHECKING; i++) {
        harness_steps(app, 1);
        SDL_Delay(1);
    }
    assert_true(ps->run.state != TRAINER_RUN_CHECKING);
}

/* How many pixels differ between a and b in the cell-sized box at (x, y). */
static int changed_around(SDL_Surface *a, SDL_Surface *b, int x, int y, int r)
{
    int n = 0;
    SDL_Surface *ca = SDL_ConvertSurfaceFormat(a, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_Surface *cb = SDL_ConvertSurfaceFormat(b, SDL_PIXELFORMAT_RGBA32, 0);
    for (int py = y - r; py <= y + r; py++) {
        for (int px = x - r; px <= x + r; px++) {
            if (px < 0 || py < 0 || px >= ca->w || py >= ca->h) {
                continue;
            }
            const Uint32 *ra = (const Uint32 *)((const Uint8 *)ca->pixels + py * ca->pitch);
            const Uint32 *rb = (const Uint32 *)((const Uint8 *)cb->pixels + py * cb->pitch);
            n += ra[px] != rb[px];
        }
    }
    SDL_FreeSurface(ca);
    SDL_FreeSurface(cb);
    return n;
}

static SDL_Surface *capture(App *app)
{
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    return s;
}

/* Solve one, fail one: the rating moves both ways and the file keeps it. */
static void test_solve_and_fail(void **state)
{
    (void)state;
    char dir[1024], path[1200], text[1 << 16];
    harness_data_dir(dir, sizeof dir, "puzzle-ui");
    App *app = harness_start(800, 600, dir, NULL);
    const PuzzleScene *ps = open_puzzles(app);
    assert_true(ps->daily); /* today's puzzle comes first */
    assert_true(harness_screen_says(app, i18n_get(I18N_PUZZLE_DAILY)) ||
                harness_screen_says(app, i18n_get(I18N_PUZZLE_YOUR_MOVE)));
    shot(app, "puzzle-start-800");
    double r0 = ps->state.player.rating;
    solve(app, ps);
    assert_true(ps->state.player.rating > r0);
    assert_int_equal(ps->state.streak, 1);
    assert_true(harness_screen_says(app, i18n_get(I18N_PUZZLE_SOLVED)));
    shot(app, "puzzle-solved-800");
    double r1 = ps->state.player.rating;

    /* The next one: a hint marks a region on the board. */
    harness_click_widget(app, W_NEXT);
    assert_false(ps->daily);
    assert_int_equal(ps->run.state, TRAINER_RUN_SOLVING);
    SDL_Surface *before = capture(app);
    harness_click_widget(app, W_HINT);
    assert_true(move_is_valid(ps->region));
    SDL_Surface *after = capture(app);
    int px, py, cell;
    assert_true(app_test_point_pixel(app, ps->region.x, ps->region.y, &px, &py, &cell));
    assert_true(changed_around(before, after, px, py, cell) > cell);
    SDL_FreeSurface(before);
    SDL_FreeSurface(after);
    shot(app, "puzzle-hint-800");

    /* A move far from everything: refuted on the engine's thread. */
    Move far = far_point(ps);
    harness_click_point(app, far.x, far.y);
    wait_refutation(app, ps);
    harness_steps(app, 2);
    shot(app, "puzzle-refuted-800");
    if (ps->run.state == TRAINER_RUN_WRONG) {
        assert_true(move_is_valid(ps->run.refute.reply));
        assert_true(ps->state.player.rating < r1);
        assert_int_equal(ps->state.streak, 0);
        harness_click_widget(app, W_RETRY);
        assert_int_equal(ps->run.state, TRAINER_RUN_SOLVING);
        assert_int_equal(game_move_count(ps->run.game), ps->run.start);
    } else {
        /* It won anyway, by another way: not counted; Solution fails it. */
        assert_int_equal(ps->run.state, TRAINER_RUN_ALSO_WINS);
        assert_true(ps->state.player.rating == r1);
        harness_click_widget(app, W_RETRY);
    }
    harness_click_widget(app, W_SOLUTION);
    assert_int_equal(ps->run.state, TRAINER_RUN_SHOWN);
    assert_true(ps->state.player.rating < r1);
    shot(app, "puzzle-solution-800");
    double r2 = ps->state.player.rating;
    int played = ps->state.nhistory;
    assert_int_equal(played, 2);
    app_test_wait_writes(app);
    snprintf(path, sizeof path, "%s/%s", dir, SCENE_PUZZLE_FILE);
    assert_true(harness_read_file(path, text, sizeof text) > 0);
    assert_non_null(strstr(text, " solved "));
    assert_non_null(strstr(text, " failed "));
    app_destroy(app);

    /* The next start reads it back: the same rating, the daily done. */
    app = harness_start(800, 600, dir, NULL);
    ps = open_puzzles(app);
    assert_true(fabs(ps->state.player.rating - r2) < 0.01);
    assert_int_equal(ps->state.nhistory, played);
    assert_false(ps->daily);
    app_destroy(app);
}

/* A history that does not read is kept aside, the player told, and a new
 * one begins: nothing is written over it. */
static void test_damaged_history(void **state)
{
    (void)state;
    char dir[1024], path[1200], text[4096];
    harness_data_dir(dir, sizeof dir, "puzzle-ui-damaged");
    App *app = harness_start(800, 600, dir, NULL);
    app_destroy(app); /* makes the folder */
    snprintf(path, sizeof path, "%s/%s", dir, SCENE_PUZZLE_FILE);
    assert_int_equal(harness_write_file(path, "gomoku-puzzle-history 1\nplayer 9999 1 1\n"), 0);
    app = harness_start(800, 600, dir, NULL);
    harness_click_menu(app, MENU_ITEM_PUZZLES, UI_SPIN_NONE);
    const char *msg = NULL;
    assert_int_equal(app_test_dialog(app, &msg), APP_DIALOG_MESSAGE);
    assert_non_null(strstr(msg, "corrupt"));
    harness_click_widget(app, APP_WIDGET_DIALOG_OK);
    const PuzzleScene *ps = app_test_puzzle(app);
    assert_true(fabs(ps->state.player.rating - TRAINER_START_RATING) < 0.01);
    assert_int_equal(harness_read_file(path, text, sizeof text), -1); /* moved aside */
    app_destroy(app);
}

/* Save as puzzle in review: the missed win goes into From my games, once,
 * and the trainer plays it under that theme. */
static void test_save_as_puzzle(void **state)
{
    (void)state;
    char dir[1024], path[1200], text[8192];
    harness_data_dir(dir, sizeof dir, "puzzle-ui-mine");
    App *app = harness_start(1100, 800, dir, NULL);
    snprintf(path, sizeof path, "%s/missed.psq", dir);
    assert_int_equal(harness_write_file(path, HARNESS_MISSED_WIN_PSQ), 0);
    harness_drop(app, path);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_wait_helper(app);
    int pos, n, ev;
    app_test_review(app, &pos, &n, &ev);
    assert_int_equal(pos, 7); /* after the missed move */
    assert_true(harness_screen_says(app, i18n_get(I18N_BTN_SAVE_PUZZLE)));
    shot(app, "puzzle-save-from-review");
    harness_click_widget(app, APP_WIDGET_NEW_GAME); /* the Save slot */
    assert_true(harness_screen_says(app, i18n_get(I18N_PUZZLE_SAVED_MINE)));
    harness_click_widget(app, APP_WIDGET_NEW_GAME);
    assert_true(harness_screen_says(app, i18n_get(I18N_PUZZLE_ALREADY_MINE)));
    app_test_wait_writes(app);
    snprintf(path, sizeof path, "%s/%s", dir, TRAINER_MINE_FILE);
    assert_true(harness_read_file(path, text, sizeof text) > 0);
    const char *line = strstr(text, " win mine ");
    assert_non_null(line);
    assert_null(strstr(line + 1, " win mine ")); /* once */
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    const PuzzleScene *ps = open_puzzles(app);
    for (int i = 0; i < TRAINER_THEME_COUNT && ps->theme != TRAINER_THEME_MINE; i++) {
        harness_click_widget(app, APP_WIDGET_NEW_GAME); /* Theme */
    }
    assert_int_equal(ps->theme, TRAINER_THEME_MINE);
    assert_true(ps->cur >= ps->shipped);
    assert_true((ps->entries[ps->cur].themes & PUZZLE_THEME_MINE) != 0);
    assert_int_equal(game_move_count(ps->run.game), 6);
    solve(app, ps);
    app_destroy(app);
}

/* The README's picture (GOMOKU_SCREENSHOT_DIR=docs/screenshots): a puzzle
 * with its hint shown, after one solved. */
static void test_readme_shot(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "puzzle-ui-readme");
    App *app = harness_start(1280, 800, dir, NULL);
    const PuzzleScene *ps = open_puzzles(app);
    solve(app, ps);
    harness_click_widget(app, W_NEXT);
    harness_click_widget(app, W_HINT);
    assert_true(move_is_valid(ps->region));
    harness_motion(2, 2);
    harness_steps(app, 2);
    harness_shot(app, "GOMOKU_SCREENSHOT_DIR", "puzzle");
    app_destroy(app);
}

/* Brings the window to 1920x1080 or 800x600 and saves the screen as
 * puzzle-WHAT-TAG-WIDTH. */
static void sized_shot(App *app, const char *what, const char *tag, int width)
{
    int w, h;
    SDL_GetWindowSize(app_test_window(app), &w, &h);
    if (w != width) {
        SDL_SetWindowSize(app_test_window(app), width, width == 800 ? 600 : 1080);
        harness_steps(app, 3);
    }
    char name[64];
    snprintf(name, sizeof name, "puzzle-%s-%s-%d", what, tag, width);
    shot(app, name);
}

/* The screens in both languages and at both sizes, for the eye. */
static void test_screens(void **state)
{
    (void)state;
    if (getenv("GOMOKU_SCREENSHOT_EXTRA") == NULL) {
        skip();
    }
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "puzzle-ui-screens");
    App *app = harness_start(1920, 1080, dir, NULL);
    for (int lang = 0; lang < 2; lang++) {
        const char *tag = lang == 0 ? "en" : "zh";
        if (lang == 1) {
            harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
        }
        sized_shot(app, "menu", tag, 1920);
        const PuzzleScene *ps = open_puzzles(app);
        if (ps->run.state != TRAINER_RUN_SOLVING) {
            harness_click_widget(app, W_NEXT);
        }
        harness_click_widget(app, W_HINT);
        sized_shot(app, "hint", tag, 1920);
        sized_shot(app, "hint", tag, 800);
        harness_click_widget(app, W_SOLUTION);
        sized_shot(app, "solution", tag, 800);
        sized_shot(app, "solution", tag, 1920);
        harness_click_widget(app, W_NEXT);
        solve(app, ps);
        sized_shot(app, "solved", tag, 1920);
        harness_click_widget(app, APP_WIDGET_MENU);
    }
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_and_fail), cmocka_unit_test(test_damaged_history),
        cmocka_unit_test(test_save_as_puzzle), cmocka_unit_test(test_readme_shot),
        cmocka_unit_test(test_screens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
