/*
 * test_nothing_lost.c - a game in progress never vanishes without a
 * question (issue 27): a new game, Play in the menu and Play from here on
 * an opened file ask first and keep the game left in Saved games; opening
 * a file leaves the game in play alone, and Back from its review returns
 * to it; the resume question at the start names the game and New game
 * keeps it.  Every path checks the unfinished game on the disk, whole.
 */
#include "test_ui_harness.h"

#include <dirent.h>

#include "store/i18n.h"
#include "scenes/scene.h"
#include "store/storage.h"

/* A game on 19x19 (the menu's board size, raised four times). */
static const Move MOVES[7] = {{9, 9}, {10, 10}, {9, 10}, {10, 11}, {8, 8}, {3, 3}, {15, 2}};

static void start_two_people(App *app, int size_steps)
{
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    assert_int_equal(app_test_menu_options(app).mode, MODE_TWO_PLAYERS);
    for (int i = 0; i < size_steps; i++) {
        harness_click_menu(app, MENU_ITEM_SIZE, UI_SPIN_INC);
    }
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    if (app_test_dialog(app, NULL) == APP_DIALOG_LEAVE) {
        harness_key(app, SDLK_RETURN);
    }
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
}

static void play_moves(App *app, int n)
{
    for (int i = 0; i < n; i++) {
        harness_click_point(app, MOVES[i].x, MOVES[i].y);
    }
    assert_int_equal(game_move_count(app_test_game(app)), n);
}

/* The record at path holds exactly the first n of MOVES on a board of
 * size, unfinished. */
static void assert_whole(const char *path, int n, int size)
{
    Record *rec = malloc(sizeof *rec);
    assert_non_null(rec);
    char err[256];
    if (storage_load_path(path, rec, err, sizeof err) != STORAGE_OK) {
        fail_msg("%s does not load: %s", path, err);
    }
    assert_int_equal(rec->size, size);
    assert_int_equal(rec->count, n);
    assert_int_equal(rec->result, GAME_ONGOING);
    for (int i = 0; i < n; i++) {
        assert_true(move_equal(rec->moves[i], MOVES[i]));
    }
    free(rec);
}

/* Writes the path of the one save in dir/saves whose name starts with
 * prefix; fails when there is none or more than one. */
static void find_kept(const char *dir, const char *prefix, char *out, size_t len)
{
    char saves[1100];
    snprintf(saves, sizeof saves, "%s/saves", dir);
    DIR *d = opendir(saves);
    assert_non_null(d);
    int found = 0;
    for (struct dirent *e = readdir(d); e != NULL; e = readdir(d)) {
        if (strncmp(e->d_name, prefix, strlen(prefix)) == 0) {
            snprintf(out, len, "%s/%s", saves, e->d_name);
            found++;
        }
    }
    closedir(d);
    assert_int_equal(found, 1);
}

static bool exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f != NULL) {
        fclose(f);
    }
    return f != NULL;
}

/* Answers Leave: the game in play then has now moves (on a board of
 * size), and the game left is in Saved games, kept moves of MOVES on 19x19. */
static void leave_it(App *app, const char *dir, int now, int size, int kept_moves)
{
    char kept[1400];
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_LEAVE);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    assert_int_equal(game_board(app_test_game(app))->size, size);
    assert_int_equal(game_move_count(app_test_game(app)), now);
    find_kept(dir, i18n_get(I18N_UNFINISHED_NAME), kept, sizeof kept);
    assert_whole(kept, kept_moves, 19);
}

/* A data folder with one saved 15x15 game, saves/old.gomoku (its path in
 * other), and a two-person 19x19 game of n moves in play. */
static App *game_and_a_save(const char *name, int n, char *dir, size_t dlen, char *other,
                            size_t olen)
{
    harness_data_dir(dir, dlen, name);
    App *app = harness_start(1100, 800, dir, NULL);
    snprintf(other, olen, "%s/saves/old.gomoku", dir);
    assert_int_equal(harness_write_file(other, "gomoku-record 1\nsize 15\nmoves h8 i9 h9\nend\n"),
                     0);
    start_two_people(app, 4);
    play_moves(app, n);
    return app;
}

/* N in the middle of a game asks; Keep playing keeps playing, Leave
 * keeps the game in Saved games under the name the question gave. */
static void test_new_game_asks_and_keeps(void **state)
{
    (void)state;
    char dir[1024], kept[1400];
    harness_data_dir(dir, sizeof dir, "lost-new-game");
    App *app = harness_start(1100, 800, dir, NULL);
    start_two_people(app, 4);
    play_moves(app, 5);
    harness_key(app, SDLK_n);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_LEAVE);
    assert_non_null(strstr(text, i18n_get(I18N_UNFINISHED_NAME)));
    harness_key(app, SDLK_ESCAPE); /* Keep playing */
    assert_int_equal(game_move_count(app_test_game(app)), 5);
    harness_key(app, SDLK_n);
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_LEAVE);
    char asked[SCENE_TEXT_MAX];
    SDL_strlcpy(asked, text, sizeof asked);
    harness_key(app, SDLK_RETURN); /* Leave it */
    assert_int_equal(game_move_count(app_test_game(app)), 0);
    find_kept(dir, i18n_get(I18N_UNFINISHED_NAME), kept, sizeof kept);
    assert_whole(kept, 5, 19);
    /* The kept name is the one the question said. */
    char name[400];
    SDL_strlcpy(name, strrchr(kept, '/') + 1, sizeof name);
    *strstr(name, ".gomoku") = '\0';
    assert_non_null(strstr(asked, name));
    app_destroy(app);
}

/* The path: an unfinished 19x19 game, Ctrl+O, Open a saved game:
 * it shows in review, Back returns to the 19x19 game as it was, and after
 * a move the autosave holds it. */
static void test_open_then_back_keeps_the_game(void **state)
{
    (void)state;
    char dir[1024], other[1200], autosave[1200];
    App *app = game_and_a_save("lost-open", 5, dir, sizeof dir, other, sizeof other);
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    harness_key(app, SDLK_HOME);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    assert_int_equal(game_board(app_test_game(app))->size, 15);
    harness_key(app, SDLK_ESCAPE); /* Back */
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    assert_int_equal(game_board(app_test_game(app))->size, 19);
    assert_int_equal(game_move_count(app_test_game(app)), 5);
    harness_click_point(app, MOVES[5].x, MOVES[5].y);
    snprintf(autosave, sizeof autosave, "%s/autosave.gomoku", dir);
    assert_whole(autosave, 6, 19);
    /* A dropped file, too. */
    harness_drop(app, other);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(game_move_count(app_test_game(app)), 6);
    assert_whole(autosave, 6, 19);
    app_destroy(app);
}

/* Play from here makes the opened file's game the game in play: the
 * unfinished one is asked about and kept first. */
static void test_play_from_here_asks(void **state)
{
    (void)state;
    char dir[1024], other[1200];
    App *app = game_and_a_save("lost-play-on", 4, dir, sizeof dir, other, sizeof other);
    harness_drop(app, other);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_key(app, SDLK_p);
    harness_click_widget(app, APP_WIDGET_HINT); /* the third choice: two people */
    leave_it(app, dir, 3, 15, 4);
    app_destroy(app);
}

/* Menu, then Play with a game behind Resume: asked, and kept. */
static void test_menu_play_asks(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "lost-menu");
    App *app = harness_start(1100, 800, dir, NULL);
    start_two_people(app, 4);
    play_moves(app, 3);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_LEAVE);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    harness_click_menu(app, MENU_ITEM_RESUME, UI_SPIN_NONE);
    assert_int_equal(game_move_count(app_test_game(app)), 3);
    harness_key(app, SDLK_ESCAPE);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    leave_it(app, dir, 0, 19, 3);
    app_destroy(app);
}

/* At the start the question names the game; New game keeps it in Saved
 * games and only then lets the autosave go. */
static void test_resume_names_and_keeps(void **state)
{
    (void)state;
    char dir[1024], kept[1400], autosave[1200];
    harness_data_dir(dir, sizeof dir, "lost-resume");
    App *app = harness_start(1100, 800, dir, NULL);
    start_two_people(app, 4);
    play_moves(app, 7);
    app_destroy(app); /* Ctrl+Q mid-game: the autosave keeps it */
    snprintf(autosave, sizeof autosave, "%s/autosave.gomoku", dir);
    assert_whole(autosave, 7, 19);

    app = harness_start(1100, 800, dir, NULL);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_RESUME);
    char size19[32], moves[32];
    i18n_format(size19, sizeof size19, I18N_FMT_BOARD_SIZE, 19, 19);
    i18n_format(moves, sizeof moves, I18N_FMT_MOVES_COUNT, 7);
    assert_non_null(strstr(text, size19));
    assert_non_null(strstr(text, moves));
    assert_non_null(strstr(text, i18n_get(I18N_UNFINISHED_NAME)));
    harness_click_widget(app, APP_WIDGET_DIALOG_CANCEL); /* New game */
    find_kept(dir, i18n_get(I18N_UNFINISHED_NAME), kept, sizeof kept);
    assert_whole(kept, 7, 19);
    assert_false(exists(autosave));
    app_destroy(app);

    /* Nothing is offered again: the game is in Saved games. */
    app = harness_start(1100, 800, dir, NULL);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_game_asks_and_keeps),
        cmocka_unit_test(test_open_then_back_keeps_the_game),
        cmocka_unit_test(test_play_from_here_asks),
        cmocka_unit_test(test_menu_play_asks),
        cmocka_unit_test(test_resume_names_and_keeps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
