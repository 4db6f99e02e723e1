/*
 * test_scenes.c - the scene stack and the session behind the screens,
 * through the real loop headless: the help page opens over every screen
 * and pauses the game under it; a change of scene the transition table
 * does not allow is refused and the screen stays; an engine's answer
 * reaches the session only through its own path, and a stale one (from
 * before an undo) is dropped by its generation while a current one is
 * played.
 *
 * Set GOMOKU_SCREENSHOT_EXTRA to a folder to also save the help page in
 * both languages at two window sizes.
 */
#include "test_ui_harness.h"

#include <string.h>

#include "platform/ai_worker.h"
#include "store/i18n.h"
#include "scenes/scene.h"

static void extra(App *app, const char *name)
{
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", name);
}

static void start_two_people(App *app)
{
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
}

/* Counts pixels of the capture that differ from the background colour
 * behind the help card's centre, as a measure of text drawn there. */
static int card_text_pixels(App *app)
{
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    int n = 0;
    for (int y = s->h / 3; y < s->h * 2 / 3; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch);
        for (int x = s->w / 3; x < s->w * 2 / 3; x++) {
            n += ((row[x] >> 16) & 0xFF) > 150 ? 1 : 0;
        }
    }
    SDL_FreeSurface(s);
    return n;
}

static void test_help_over_every_screen(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "scenes-help");
    App *app = harness_start(1100, 800, dir, NULL);
    /* Over the menu: F1 opens it, it takes the keys, Esc closes it. */
    harness_key(app, SDLK_F1);
    assert_true(app_test_help_shown(app));
    assert_true(card_text_pixels(app) > 200);
    extra(app, "help");
    harness_key(app, SDLK_RETURN); /* would start a game under the menu */
    assert_false(app_test_help_shown(app));
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    /* Over a game with clocks: they stop while it is open. */
    start_two_people(app);
    harness_click_point(app, 7, 7);
    app_test_set_clock(app, 60000, 1000);
    harness_key(app, SDLK_F1);
    assert_true(app_test_help_shown(app));
    int32_t left = session_clock_ms(app_test_session(app), STONE_WHITE);
    Uint32 start = SDL_GetTicks();
    while (SDL_GetTicks() - start < 1500) {
        harness_steps(app, 1);
        SDL_Delay(5);
    }
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    assert_int_equal(app_test_result(app), GAME_ONGOING);
    assert_int_equal(session_clock_ms(app_test_session(app), STONE_WHITE), left);
    harness_key(app, SDLK_ESCAPE);
    assert_false(app_test_help_shown(app));
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    app_test_set_clock(app, 60000, 60000);
    /* Over review and the file list; a click closes it too. */
    harness_key(app, SDLK_r);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_key(app, SDLK_F1);
    assert_true(app_test_help_shown(app));
    harness_click(app, 10, 10);
    assert_false(app_test_help_shown(app));
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    harness_key(app, SDLK_F1);
    assert_true(app_test_help_shown(app));
    harness_key(app, SDLK_F1);
    assert_false(app_test_help_shown(app));
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    /* In Chinese, and in a small and a large window. */
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW); /* where the list was opened */
    harness_key(app, SDLK_ESCAPE);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
    assert_int_equal(i18n_language(), I18N_LANG_ZH);
    harness_key(app, SDLK_F1);
    assert_true(card_text_pixels(app) > 200);
    extra(app, "help-zh");
    SDL_SetWindowSize(app_test_window(app), 800, 600);
    harness_steps(app, 3);
    extra(app, "help-zh-800x600");
    SDL_SetWindowSize(app_test_window(app), 2560, 1440);
    harness_steps(app, 3);
    extra(app, "help-zh-2560x1440");
    harness_key(app, SDLK_ESCAPE);
    harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
    harness_key(app, SDLK_F1);
    extra(app, "help-2560x1440");
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_refused(app), 0);
    app_destroy(app);
}

/* The grid in HACKING.md says the same as SCENE_EDGES: one row per base
 * scene, a tick where the table allows going (or opening an overlay). */
static void test_hacking_grid_matches_the_code(void **state)
{
    (void)state;
    static const char *const NAMES[SCENE_COUNT] = {"menu",   "play", "review", "files",
                                                   "puzzle", "help", "dialog", "name"};
    FILE *f = fopen(GOMOKU_SOURCE_DIR "/HACKING.md", "r");
    assert_non_null(f);
    char line[512];
    int rows = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        for (int from = 0; from < SCENE_HELP; from++) {
            char head[32];
            snprintf(head, sizeof head, "| %s ", NAMES[from]);
            if (strncmp(line, head, strlen(head)) != 0) {
                continue;
            }
            rows++;
            /* The cells after the row's name, in the order of NAMES. */
            char *cell = strchr(line + 1, '|');
            for (int to = 0; to < SCENE_COUNT; to++) {
                assert_non_null(cell);
                char *next = strchr(cell + 1, '|');
                assert_non_null(next);
                *next = '\0';
                bool tick = strstr(cell + 1, "\xe2\x9c\x93") != NULL;
                if (tick != scene_edge_allowed((SceneId)from, (SceneId)to)) {
                    fail_msg("HACKING.md says %s -> %s is %s", NAMES[from], NAMES[to],
                             tick ? "allowed" : "not allowed");
                }
                cell = next;
            }
        }
    }
    fclose(f);
    assert_int_equal(rows, SCENE_HELP);
}

static void test_transition_table_is_enforced(void **state)
{
    (void)state;
    assert_true(scene_edge_allowed(SCENE_MENU, SCENE_PLAY));
    assert_true(scene_edge_allowed(SCENE_PLAY, SCENE_REVIEW));
    assert_true(scene_edge_allowed(SCENE_REVIEW, SCENE_PLAY));
    assert_true(scene_edge_allowed(SCENE_FILES, SCENE_PLAY)); /* Back to the game */
    assert_false(scene_edge_allowed(SCENE_FILES, SCENE_NAME));
    assert_false(scene_edge_allowed(SCENE_MENU, SCENE_NAME));
    App *app = harness_start(1100, 800, NULL, NULL);
    SceneStack *st = app_test_scenes(app);
    /* An overlay is not a screen to go to, a screen is not an overlay,
     * there is nothing to save from the menu and no overlay to close: each
     * is refused and the menu stays. */
    scene_go(st, SCENE_HELP);
    scene_push(st, SCENE_PLAY, NULL);
    scene_push(st, SCENE_NAME, NULL);
    scene_close(st, 0, NULL);
    harness_steps(app, 1);
    assert_int_equal(app_test_refused(app), 4);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    assert_false(app_test_help_shown(app));
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    /* An allowed one goes through the same function. */
    scene_go(st, SCENE_FILES);
    harness_steps(app, 1);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    assert_int_equal(app_test_refused(app), 4);
    app_destroy(app);
}

/* Posts an engine's answer for job gen, playing m, as a worker would. */
static void post_answer(uint32_t gen, Move m)
{
    AiWorkerResult *r = calloc(1, sizeof *r);
    assert_non_null(r);
    r->job = gen;
    r->status = 0;
    r->info.best = m;
    r->info.depth = 1;
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = ai_worker_event_type();
    ev.user.code = (Sint32)gen;
    ev.user.data1 = r;
    assert_int_equal(SDL_PushEvent(&ev), 1);
}

static void test_stale_answers_are_dropped(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    /* The computer plays black on Master: its search takes seconds, so the
     * answers posted here arrive first. */
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    for (int i = 0; i < 2; i++) {
        harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_INC);
    }
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    SessionJob job;
    assert_true(session_engine_job(app_test_session(app), SESSION_ENGINE_PLAYER, &job));
    assert_true(app_test_ai_busy(app));
    /* An answer for a job nobody asked for is dropped... */
    post_answer(job.gen + 1000, (Move){1, 1});
    harness_steps(app, 1);
    assert_int_equal(game_move_count(app_test_game(app)), 0);
    /* ...the one for the running job is played... */
    post_answer(job.gen, (Move){2, 2});
    harness_steps(app, 1);
    const Game *g = app_test_game(app);
    assert_int_equal(game_move_count(g), 1);
    assert_int_equal(board_get(game_board(g), 2, 2), STONE_BLACK);
    /* ...and the worker's own answer for that job, when it comes, is stale. */
    for (int i = 0; i < 20; i++) {
        harness_steps(app, 1);
        SDL_Delay(1);
    }
    assert_false(app_test_ai_busy(app));
    assert_int_equal(game_move_count(app_test_game(app)), 1);

    /* The person moves, then takes it back while the computer thinks: the
     * search's answer comes from before the undo and is dropped. */
    harness_click_point(app, 7, 7);
    assert_true(session_engine_job(app_test_session(app), SESSION_ENGINE_PLAYER, &job));
    harness_key_mod(app, SDLK_z, KMOD_LCTRL);
    assert_int_equal(game_move_count(app_test_game(app)), 1);
    post_answer(job.gen, (Move){3, 3});
    harness_steps(app, 2);
    g = app_test_game(app);
    assert_int_equal(game_move_count(g), 1);
    assert_int_equal(board_get(game_board(g), 3, 3), STONE_EMPTY);
    assert_int_equal(app_test_refused(app), 0);
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_over_every_screen),
        cmocka_unit_test(test_hacking_grid_matches_the_code),
        cmocka_unit_test(test_transition_table_is_enforced),
        cmocka_unit_test(test_stale_answers_are_dropped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
