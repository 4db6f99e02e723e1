/*
 * test_files.c - the saved-games list and saving under a typed name, driven
 * through the real loop headless: .psq files in the data folder and in
 * saves/ are listed beside our saves (tagged, in date order), open in
 * review as "gomoku FILE.psq" does, can be deleted, and a damaged one is
 * reported and left alone; Save asks for a name (typed with SDL_TEXTINPUT,
 * UTF-8 included), refuses a bad one saying why, and asks before replacing.
 */
#include "test_ui_harness.h"

#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#ifdef _WIN32
#include <direct.h>
#include <sys/utime.h>
#define utime   _utime
#define utimbuf _utimbuf
#else
#include <utime.h>
#endif

#include <SDL_ttf.h>

#include "core/record.h"
#include "session/session.h"
#include "store/i18n.h"
#include "store/storage.h"
#include "view/text.h"

static const char PSQ_TEXT[] = "Piskvorky 15x15, 11:11, 0\r\n8,8,1200\r\n9,9,0\r\n8,9,0\r\n"
                               "9,10,0\r\n8,10,0\r\n-1\r\n";
static const char PSQ_INNER[] = "Piskvorky 15x15, 11:11, 0\n1,1,0\n2,2,0\n-1\n";
static const char PSQ_BROKEN[] = "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n-1\n";
static const char OURS[] = "gomoku-record 1\nsize 15\nmoves h8 i9\nend\n";

static void set_mtime(const char *path, long t)
{
    struct utimbuf tb;
    tb.actime = (time_t)t;
    tb.modtime = (time_t)t;
    assert_int_equal(utime(path, &tb), 0);
}

/* Writes a file in the data folder (rel to dir) with a given age. */
static void put(const char *dir, const char *rel, const char *text, long mtime, char *path,
                size_t len)
{
    snprintf(path, len, "%s/%s", dir, rel);
    assert_int_equal(harness_write_file(path, text), 0);
    set_mtime(path, mtime);
}

/* Index of the listed file called name of that kind, or -1. */
static int find_file(App *app, const char *name, bool psq)
{
    int count, sel;
    app_test_files(app, &count, &sel);
    for (int i = 0; i < count; i++) {
        const char *n;
        bool p;
        assert_true(app_test_file(app, i, &n, &p));
        if (strcmp(n, name) == 0 && p == psq) {
            return i;
        }
    }
    return -1;
}

/* Selects row i of the list with the keyboard. */
static void select_file(App *app, int i)
{
    harness_key(app, SDLK_HOME);
    for (int k = 0; k < i; k++) {
        harness_key(app, SDLK_DOWN);
    }
    int count, sel;
    app_test_files(app, &count, &sel);
    assert_int_equal(sel, i);
}

static void open_list(App *app)
{
    harness_click_menu(app, MENU_ITEM_LOAD, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
}

static void start_two_people(App *app)
{
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    assert_int_equal(app_test_menu_options(app).mode, MODE_TWO_PLAYERS);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
}

static void play(App *app, const Move *moves, int n)
{
    for (int i = 0; i < n; i++) {
        harness_click_point(app, moves[i].x, moves[i].y);
    }
    assert_int_equal(game_move_count(app_test_game(app)), n);
}

static const Move MOVES[6] = {{7, 7}, {8, 8}, {7, 8}, {8, 9}, {6, 6}, {1, 1}};

/* The number of moves in a record file, or -1 when it does not load. */
static int moves_in(const char *path)
{
    Record rec;
    char err[256];
    if (storage_load_path(path, &rec, err, sizeof err) != STORAGE_OK) {
        return -1;
    }
    return rec.count;
}

static void make_dir(const char *path)
{
#ifdef _WIN32
    _mkdir(path);
#else
    mkdir(path, 0755);
#endif
}

static bool file_exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f != NULL) {
        fclose(f);
    }
    return f != NULL;
}

/* ------------------------------------------------------------------ tests */

static void test_psq_files_in_list(void **state)
{
    (void)state;
    char dir[1024], p_import[1200], p_inner[1200], p_broken[1200], p_ours[1200], buf[1200];
    harness_data_dir(dir, sizeof dir, "files-psq");
    App *app = harness_start(1100, 800, dir, NULL); /* creates the folders */
    app_destroy(app);
    /* Newest first: ours, import (data folder), broken, inner (saves/). */
    put(dir, "saves/ours.gomoku", OURS, 1700000400, p_ours, sizeof p_ours);
    put(dir, "import.psq", PSQ_TEXT, 1700000300, p_import, sizeof p_import);
    put(dir, "broken.psq", PSQ_BROKEN, 1700000200, p_broken, sizeof p_broken);
    put(dir, "saves/inner.psq", PSQ_INNER, 1700000100, p_inner, sizeof p_inner);
    put(dir, "notes.txt", "not a game", 1700000500, buf, sizeof buf);

    app = harness_start(1100, 800, dir, NULL);
    open_list(app);
    int count, sel;
    app_test_files(app, &count, &sel);
    assert_int_equal(count, 4);
    assert_int_equal(find_file(app, "ours", false), 0);
    assert_int_equal(find_file(app, "import", true), 1);
    assert_int_equal(find_file(app, "broken", true), 2);
    assert_int_equal(find_file(app, "inner", true), 3);

    /* Open imports it into review with the file's moves. */
    select_file(app, 1);
    harness_click_widget(app, APP_WIDGET_FILES_OPEN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    const Game *g = app_test_game(app);
    const Move want[5] = {{7, 7}, {8, 8}, {7, 8}, {8, 9}, {7, 9}};
    assert_int_equal(game_move_count(g), 5);
    for (int i = 0; i < 5; i++) {
        assert_true(move_equal(game_move_at(g, i), want[i]));
    }
    Rules listed_rules = game_rules(g);
    int pos, n, ev;
    app_test_review(app, &pos, &n, &ev);
    app_destroy(app);

    /* Exactly what "gomoku import.psq" shows. */
    app = harness_start(1100, 800, dir, p_import);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    g = app_test_game(app);
    assert_int_equal(game_move_count(g), 5);
    for (int i = 0; i < 5; i++) {
        assert_true(move_equal(game_move_at(g, i), want[i]));
    }
    assert_int_equal(game_rules(g).kind, listed_rules.kind);
    assert_int_equal(game_rules(g).k, listed_rules.k);
    int pos2, n2, ev2;
    app_test_review(app, &pos2, &n2, &ev2);
    assert_int_equal(pos2, pos);
    assert_int_equal(n2, n);
    /* Back from a file opened at the start: the menu. */
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);

    /* A .psq cannot be exported again (it would be written over itself). */
    open_list(app);
    select_file(app, 1);
    harness_click_widget(app, APP_WIDGET_FILES_EXPORT);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    app_test_files(app, &count, &sel);
    assert_int_equal(count, 4);
    assert_true(harness_read_file(p_import, buf, sizeof buf) >= 0);
    assert_string_equal(buf, PSQ_TEXT);

    /* The damaged one: the usual message, nothing deleted or rewritten. */
    select_file(app, 2);
    harness_key(app, SDLK_RETURN);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_MESSAGE);
    assert_non_null(strstr(text, "broken.psq"));
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    app_test_files(app, &count, &sel);
    assert_int_equal(count, 4);
    assert_true(harness_read_file(p_broken, buf, sizeof buf) >= 0);
    assert_string_equal(buf, PSQ_BROKEN);

    /* Delete works on a .psq, after the usual question naming it. */
    select_file(app, 3);
    harness_key(app, SDLK_DELETE);
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_DELETE);
    assert_non_null(strstr(text, "inner.psq"));
    harness_key(app, SDLK_ESCAPE); /* Cancel first: still there */
    assert_true(file_exists(p_inner));
    harness_key(app, SDLK_DELETE);
    harness_click_widget(app, APP_WIDGET_DIALOG_OK);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    assert_false(file_exists(p_inner));
    app_test_files(app, &count, &sel);
    assert_int_equal(count, 3);
    assert_int_equal(sel, 2);
    assert_true(file_exists(p_broken));
    assert_true(file_exists(p_import));
    assert_true(file_exists(p_ours));
    app_destroy(app);
}

static void test_typed_name_round_trip(void **state)
{
    (void)state;
    char dir[1024], path[1200];
    harness_data_dir(dir, sizeof dir, "files-name");
    App *app = harness_start(1100, 800, dir, NULL);
    start_two_people(app);
    play(app, MOVES, 5);

    /* Ctrl+S asks for a name, prefilled with the suggestion. */
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_SAVE_NAME);
    assert_true(storage_name_valid(text));
    assert_string_equal(app_test_name_problem(app), "");

    /* Keys that are hotkeys elsewhere only type here: no new game, no
     * accept on Space (its character comes as text input). */
    harness_key(app, SDLK_n);
    harness_key(app, SDLK_SPACE);
    harness_key(app, SDLK_h);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_SAVE_NAME);
    assert_int_equal(game_move_count(app_test_game(app)), 5);

    /* Typing replaces the selected suggestion; the caret edits. */
    harness_text(app, "Match 1");
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_SAVE_NAME);
    assert_string_equal(text, "Match 1");
    harness_key(app, SDLK_BACKSPACE);
    harness_text(app, "2 对局");
    assert_string_equal(text, "Match 2 对局");
    harness_key(app, SDLK_BACKSPACE); /* one character, not one byte */
    assert_string_equal(text, "Match 2 对");
    harness_text(app, "局");
    harness_key(app, SDLK_HOME);
    harness_text(app, "A ");
    harness_key(app, SDLK_END);
    harness_key(app, SDLK_LEFT);
    harness_key(app, SDLK_LEFT);
    harness_key(app, SDLK_DELETE);
    assert_string_equal(text, "A Match 2 局");
    harness_key(app, SDLK_BACKSPACE);
    assert_string_equal(text, "A Match 2局");
    harness_text(app, " ");
    assert_string_equal(text, "A Match 2 局");
    /* A click at the field's left edge puts the caret before the text. */
    int fx, fy;
    assert_true(app_test_widget_pos(app, APP_WIDGET_NAME_FIELD, &fx, &fy));
    harness_click(app, 4, fy); /* outside the dialog: nothing happens */
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_SAVE_NAME);
    assert_string_equal(text, "A Match 2 局");
    assert_true(app_test_widget_pos(app, APP_WIDGET_NAME_START, &fx, &fy));
    harness_click(app, fx, fy);
    harness_text(app, "[");
    assert_string_equal(text, "[A Match 2 局");
    /* ...and one past the end of the text puts it at the end. */
    assert_true(app_test_widget_pos(app, APP_WIDGET_NAME_FIELD, &fx, &fy));
    harness_key(app, SDLK_HOME);
    harness_click(app, fx, fy);
    harness_text(app, "]");
    assert_string_equal(text, "[A Match 2 局]");
    harness_key(app, SDLK_BACKSPACE);
    harness_key(app, SDLK_HOME);
    harness_key(app, SDLK_DELETE);
    assert_string_equal(text, "A Match 2 局");
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);

    /* The file is there under that name and holds the game. */
    snprintf(path, sizeof path, "%s/saves/A Match 2 局.gomoku", dir);
    assert_int_equal(moves_in(path), 5);

    /* ...and it comes back through the list. */
    harness_key(app, SDLK_ESCAPE);
    open_list(app);
    int i = find_file(app, "A Match 2 局", false);
    assert_true(i >= 0);
    select_file(app, i);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    const Game *g = app_test_game(app);
    assert_int_equal(game_move_count(g), 5);
    for (int k = 0; k < 5; k++) {
        assert_true(move_equal(game_move_at(g, k), MOVES[k]));
    }

    /* Back: to the menu the list was opened from, the game in play
     * behind Resume as it was.  Cancel saves nothing, and the keyboard
     * works as hotkeys again. */
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    harness_click_menu(app, MENU_ITEM_RESUME, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    assert_int_equal(game_move_count(app_test_game(app)), 5);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_SAVE_NAME);
    harness_text(app, "never");
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    snprintf(path, sizeof path, "%s/saves/never.gomoku", dir);
    assert_false(file_exists(path));
    harness_text(app, "x"); /* text input is off: dropped */
    harness_key(app, SDLK_n);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_LEAVE);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(game_move_count(app_test_game(app)), 0);
    app_destroy(app);
}

/* Ctrl+V pastes the clipboard at the caret: line breaks are dropped, and a
 * text longer than a name is cut at the limit with the reason shown. */
static void test_paste_name(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "files-paste");
    App *app = harness_start(1100, 800, dir, NULL);
    start_two_people(app);
    play(app, MOVES, 3);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_SAVE_NAME);

    assert_int_equal(SDL_SetClipboardText("Final\r\nround"), 0);
    harness_key_mod(app, SDLK_v, KMOD_LCTRL);
    assert_string_equal(text, "Finalround");
    harness_key(app, SDLK_v); /* without Ctrl it types (as text input), no paste */
    assert_string_equal(text, "Finalround");
    harness_key(app, SDLK_HOME);
    assert_int_equal(SDL_SetClipboardText("五子棋 "), 0);
    harness_key_mod(app, SDLK_v, KMOD_LCTRL);
    assert_string_equal(text, "五子棋 Finalround");
    assert_string_equal(app_test_name_problem(app), "");

    char lots[600];
    memset(lots, 'x', sizeof lots - 1);
    lots[sizeof lots - 1] = '\0';
    assert_int_equal(SDL_SetClipboardText(lots), 0);
    harness_key_mod(app, SDLK_v, KMOD_LCTRL);
    assert_true(strlen(text) < sizeof lots - 1);
    assert_string_not_equal(app_test_name_problem(app), "");
    app_destroy(app);
}

static void test_invalid_names_refused(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "files-invalid");
    App *app = harness_start(1100, 800, dir, NULL);
    start_two_people(app);
    play(app, MOVES, 3);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_SAVE_NAME);

    static const struct {
        const char *name;
        I18nString why;
    } bad[] = {
        {"", I18N_NAME_EMPTY},        {"a/b", I18N_NAME_BAD_CHAR},   {"what?", I18N_NAME_BAD_CHAR},
        {"end.", I18N_NAME_BAD_EDGE}, {" lead", I18N_NAME_BAD_EDGE}, {"trail ", I18N_NAME_BAD_EDGE},
        {"CON", I18N_NAME_RESERVED},  {"lpt1", I18N_NAME_RESERVED},
    };
    for (size_t i = 0; i < SDL_arraysize(bad); i++) {
        while (text[0] != '\0') {
            harness_key(app, SDLK_BACKSPACE);
        }
        if (bad[i].name[0] != '\0') {
            harness_text(app, bad[i].name);
        }
        assert_string_equal(text, bad[i].name);
        harness_key(app, SDLK_RETURN);
        assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_SAVE_NAME);
        assert_string_equal(app_test_name_problem(app), i18n_get(bad[i].why));
        /* Editing clears the message. */
        harness_key(app, SDLK_END);
        harness_text(app, "z");
        assert_string_equal(app_test_name_problem(app), "");
        harness_key(app, SDLK_BACKSPACE);
    }
    /* Past the limit nothing more goes in, and the field says why. */
    while (text[0] != '\0') {
        harness_key(app, SDLK_BACKSPACE);
    }
    for (int i = 0; i < 2; i++) {
        harness_text(app, "对局对局对局对局对局"); /* 30 bytes each */
    }
    assert_int_equal((int)strlen(text), 60);
    assert_string_equal(app_test_name_problem(app), "");
    harness_text(app, "对局"); /* the first fits, the second does not */
    assert_int_equal((int)strlen(text), STORAGE_NAME_MAX - 1);
    assert_string_equal(app_test_name_problem(app), i18n_get(I18N_NAME_TOO_LONG));
    harness_text(app, "abc");
    assert_int_equal((int)strlen(text), STORAGE_NAME_MAX - 1);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);

    /* Nothing was written. */
    Storage st;
    StorageList list;
    char err[256];
    assert_int_equal(storage_init(&st, dir, err, sizeof err), STORAGE_OK);
    assert_int_equal(storage_list_games(&st, &list, err, sizeof err), STORAGE_OK);
    assert_int_equal(list.count, 0);
    storage_list_free(&list);
    app_destroy(app);
}

static void test_overwrite_asks(void **state)
{
    (void)state;
    char dir[1024], path[1200], psq[1200], buf[512];
    harness_data_dir(dir, sizeof dir, "files-replace");
    App *app = harness_start(1100, 800, dir, NULL);
    start_two_people(app);
    play(app, MOVES, 3);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    harness_text(app, "dup");
    harness_key(app, SDLK_RETURN);
    snprintf(path, sizeof path, "%s/saves/dup.gomoku", dir);
    assert_int_equal(moves_in(path), 3);

    harness_click_point(app, MOVES[3].x, MOVES[3].y);
    harness_click_point(app, MOVES[4].x, MOVES[4].y);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    harness_text(app, "dup");
    harness_key(app, SDLK_RETURN);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_REPLACE);
    assert_non_null(strstr(text, "dup"));
    /* Cancel goes back to the name, kept for changing. */
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_SAVE_NAME);
    assert_string_equal(text, "dup");
    assert_int_equal(moves_in(path), 3);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_REPLACE);
    harness_click_widget(app, APP_WIDGET_DIALOG_CANCEL);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_SAVE_NAME);
    assert_int_equal(moves_in(path), 3);
    /* Replace writes it. */
    harness_key(app, SDLK_RETURN);
    harness_click_widget(app, APP_WIDGET_DIALOG_OK);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    assert_int_equal(moves_in(path), 5);

    /* Export onto an existing (here damaged) .psq asks too; Cancel keeps it. */
    char docs[1200];
    snprintf(docs, sizeof docs, "%s/Documents", dir);
    make_dir(docs);
    make_dir(app_test_exports_dir(app));
    snprintf(psq, sizeof psq, "%s/dup.psq", app_test_exports_dir(app));
    assert_int_equal(harness_write_file(psq, PSQ_BROKEN), 0);
    harness_key(app, SDLK_ESCAPE);
    open_list(app);
    int i = find_file(app, "dup", false);
    assert_true(i >= 0);
    select_file(app, i);
    harness_click_widget(app, APP_WIDGET_FILES_EXPORT);
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_REPLACE);
    assert_non_null(strstr(text, "dup.psq"));
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    assert_true(harness_read_file(psq, buf, sizeof buf) >= 0);
    assert_string_equal(buf, PSQ_BROKEN);
    harness_click_widget(app, APP_WIDGET_FILES_EXPORT);
    harness_key(app, SDLK_TAB); /* Replace is chosen on purpose, never by Enter alone */
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_EXPORTED);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    assert_int_equal(moves_in(psq), 5);
    app_destroy(app);
}

/* Back (or Esc) from the list goes back to where it was opened: the
 * menu, the game as it was (its clocks stood still), the review on the
 * move it showed. */
static void test_back_returns(void **state)
{
    (void)state;
    char dir[1024], path[1200];
    harness_data_dir(dir, sizeof dir, "files-back");
    App *app = harness_start(1100, 800, dir, NULL);
    put(dir, "import.psq", PSQ_TEXT, 1700000300, path, sizeof path);
    open_list(app);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);

    /* A game with clocks: the list opens over it and Back goes on with it. */
    start_two_people(app);
    play(app, MOVES, 3);
    app_test_set_clock(app, 60000, 45000);
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    int32_t left = session_clock_ms(app_test_session(app), STONE_WHITE);
    Uint32 start = SDL_GetTicks();
    while (SDL_GetTicks() - start < 400) {
        harness_steps(app, 1);
        SDL_Delay(5);
    }
    assert_int_equal(session_clock_ms(app_test_session(app), STONE_WHITE), left);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    const Game *g = app_test_game(app);
    assert_int_equal(game_move_count(g), 3);
    for (int i = 0; i < 3; i++) {
        assert_true(move_equal(game_move_at(g, i), MOVES[i]));
    }
    assert_int_equal(game_to_move(g), STONE_WHITE);
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    harness_click_widget(app, APP_WIDGET_FILES_BACK);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    harness_click_point(app, MOVES[3].x, MOVES[3].y); /* it goes on where it was */
    assert_int_equal(game_move_count(app_test_game(app)), 4);

    /* A review two moves back: Back shows the same move. */
    harness_key(app, SDLK_r);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_key(app, SDLK_LEFT);
    harness_key(app, SDLK_LEFT);
    int pos, count, ev;
    app_test_review(app, &pos, &count, &ev);
    assert_int_equal(pos, 2);
    assert_int_equal(count, 4);
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    app_test_review(app, &pos, &count, &ev);
    assert_int_equal(pos, 2);
    assert_int_equal(count, 4);

    /* Opening another file from there shows that file, from its end. */
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    select_file(app, find_file(app, "import", true));
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    app_test_review(app, &pos, &count, &ev);
    assert_int_equal(count, 5);
    assert_int_equal(pos, 5);
    assert_int_equal(app_test_refused(app), 0);
    app_destroy(app);
}

/* Export .psq writes to Documents/Gomoku (here the test's stand-in under
 * the data folder), says where with the full path, opens that folder on
 * request, and the list shows the export so it can be opened again. */
static void test_export_to_documents(void **state)
{
    (void)state;
    char dir[1024], want[1300], wrong[1300], url[1400];
    harness_data_dir(dir, sizeof dir, "files-export");
    App *app = harness_start(1100, 800, dir, NULL);
    snprintf(want, sizeof want, "%s/Documents/Gomoku", dir);
    assert_string_equal(app_test_exports_dir(app), want);
    start_two_people(app);
    play(app, MOVES, 4);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    harness_text(app, "Evening 晚场");
    harness_key(app, SDLK_RETURN);
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    select_file(app, find_file(app, "Evening 晚场", false));
    harness_click_widget(app, APP_WIDGET_FILES_EXPORT);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_EXPORTED);
    snprintf(want, sizeof want, "%s/Documents/Gomoku/Evening 晚场.psq", dir);
    assert_non_null(strstr(text, want));
    assert_int_equal(moves_in(want), 4);
    snprintf(wrong, sizeof wrong, "%s/Evening 晚场.psq", dir);
    assert_false(file_exists(wrong)); /* not in the hidden data folder any more */
    assert_string_equal(app_test_opened_url(app), "");
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", "exported");

    /* Open folder: the folder of the export, as a file:// URL. */
    harness_click_widget(app, APP_WIDGET_DIALOG_OK);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    snprintf(wrong, sizeof wrong, "%s/Documents/Gomoku", dir);
    char encoded[1400];
    assert_int_equal(storage_file_url(wrong, encoded, sizeof encoded), STORAGE_OK);
    snprintf(url, sizeof url, "%s", app_test_opened_url(app));
    assert_string_equal(url, encoded);
    assert_non_null(strstr(url, "file://"));

    /* The export is in the list, and opens. */
    int i = find_file(app, "Evening 晚场", true);
    assert_true(i >= 0);
    select_file(app, i);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    assert_int_equal(game_move_count(app_test_game(app)), 4);
    app_destroy(app);
}

static void drop(App *app, const char *path)
{
    harness_drop(app, path);
}

/* The review shows PSQ_TEXT's game, and nothing is asked. */
static void assert_reviewing_import(App *app)
{
    static const Move want[5] = {{7, 7}, {8, 8}, {7, 8}, {8, 9}, {7, 9}};
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    assert_false(app_test_help_shown(app));
    const Game *g = app_test_game(app);
    assert_int_equal(game_move_count(g), 5);
    for (int i = 0; i < 5; i++) {
        assert_true(move_equal(game_move_at(g, i), want[i]));
    }
    assert_int_equal(app_test_refused(app), 0);
}

/* From review to a new game (an unfinished game in play when the file
 * was dropped is left, after the question, in Saved games). */
static void new_game_from_review(App *app)
{
    harness_key(app, SDLK_n);
    if (app_test_dialog(app, NULL) == APP_DIALOG_LEAVE) {
        harness_key(app, SDLK_RETURN);
    }
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    assert_int_equal(game_move_count(app_test_game(app)), 0);
}

/* A damaged .psq says what is wrong with it as a .psq - never a word
 * about our own format - opened from the list, the command line or a
 * drop. */
static void test_damaged_psq_said(void **state)
{
    (void)state;
    static const struct {
        const char *name, *text, *says;
    } BAD[] = {
        {"header", "Piskvork 15x15, 11:11, 0\n8,8,0\n-1\n", "line 1: not a Piskvork file"},
        {"abc", "Piskvorky 15x15, 11:11, 0\n8,8,0\nabc\n9,9,0\n-1\n",
         "line 3: 'x,y' expected, found 'abc'"},
        {"off", "Piskvorky 15x15, 11:11, 0\n8,8,0\n16,4,0\n-1\n",
         "line 3: move 2 at 16,4 is off the 15x15 board"},
        {"taken", PSQ_BROKEN, "line 3: move 2 at 8,8 is on an occupied point"},
        {"empty", "Piskvorky 15x15, 11:11, 0\n-1\n", "no moves"},
    };
    enum { N = sizeof BAD / sizeof BAD[0] };
    char dir[1024], path[N][1200], want[300];
    harness_data_dir(dir, sizeof dir, "files-damaged");
    App *app = harness_start(1100, 800, dir, NULL);
    for (int i = 0; i < N; i++) {
        char rel[64];
        snprintf(rel, sizeof rel, "%s.psq", BAD[i].name);
        put(dir, rel, BAD[i].text, 1700000000 + i, path[i], sizeof path[i]);
    }
    open_list(app);
    for (int i = 0; i < N; i++) {
        select_file(app, find_file(app, BAD[i].name, true));
        harness_key(app, SDLK_RETURN);
        const char *text = NULL;
        assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_MESSAGE);
        snprintf(want, sizeof want, "Cannot open %s.psq\n", BAD[i].name);
        if (strstr(text, want) != text || strstr(text, BAD[i].says) == NULL ||
            strstr(text, "gomoku-record") != NULL) {
            fail_msg("%s.psq said \"%s\"", BAD[i].name, text);
        }
        if (i == 1) {
            harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", "damaged-psq");
        }
        harness_key(app, SDLK_RETURN);
        assert_int_equal(app_test_state(app), APP_STATE_FILES);
    }
    app_destroy(app);

    /* "gomoku header.psq" and a dropped abc.psq say the same. */
    app = harness_start(1100, 800, dir, path[0]);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_MESSAGE);
    assert_non_null(strstr(text, BAD[0].says));
    assert_null(strstr(text, "gomoku-record"));
    harness_key(app, SDLK_RETURN);
    drop(app, path[1]);
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_MESSAGE);
    assert_non_null(strstr(text, BAD[1].says));
    app_destroy(app);
}

/* Saves a game of these moves under name with the given file time. */
static void save_game(const char *dir, const char *name, int size, Rules rules, const Move *moves,
                      int n, long mtime)
{
    Game *g = game_new(size, rules);
    assert_non_null(g);
    for (int i = 0; i < n; i++) {
        assert_int_equal(game_play(g, moves[i]), GAME_OK);
    }
    Record *rec = malloc(sizeof *rec);
    assert_non_null(rec);
    assert_int_equal(record_from_game(g, rec), 0);
    char path[1200], err[256];
    snprintf(path, sizeof path, "%s/saves/%s.gomoku", dir, name);
    assert_int_equal(storage_save_path(path, rec, err, sizeof err), STORAGE_OK);
    set_mtime(path, mtime);
    free(rec);
    game_free(g);
}

/* A folder of games of every kind, for the list's details. */
static void fill_games(const char *dir)
{
    static const Move WIN[9] = {{7, 7}, {7, 8},  {8, 7},  {8, 8}, {9, 7},
                                {9, 8}, {10, 7}, {10, 8}, {11, 7}};
    static const Move SMALL[7] = {{4, 4}, {3, 3}, {4, 3}, {5, 5}, {4, 5}, {6, 6}, {4, 2}};
    char path[1200];
    save_game(dir, "Sunday final", 15, (Rules){RULE_FREESTYLE, 5}, WIN, 9, 1700000900);
    save_game(dir, "Renju lesson 有禁手", 15, (Rules){RULE_RENJU, 5}, WIN, 6, 1700000800);
    save_game(dir, "Quick four", 9, (Rules){RULE_EXACT, 4}, SMALL, 7, 1700000700);
    put(dir, "gomocup-round-3.psq", PSQ_TEXT, 1700000600, path, sizeof path);
    put(dir, "saves/cut off.gomoku", "gomoku-record 1\nsize 15\nmoves h8 h8\nend\n", 1700000500,
        path, sizeof path);
    for (int i = 0; i < 9; i++) {
        char name[64];
        snprintf(name, sizeof name, "Practice %d", i + 1);
        save_game(dir, name, 19, (Rules){RULE_FREESTYLE, 5}, WIN, 2 + i % 7, 1700000400 - i);
    }
}

/* Each file shows what it holds: board, rule, win length, moves, result,
 * its final position; a damaged one shows as damaged and the list still
 * works.  Each file is read once: reading the list again reads only what
 * is new.  Screens at 800x600 and 1920x1080, English and Chinese. */
static void test_list_details(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "files-details");
    App *app = harness_start(800, 600, dir, NULL);
    fill_games(dir);
    open_list(app);
    int count, sel;
    app_test_files(app, &count, &sel);
    assert_int_equal(count, 14);
    assert_int_equal(app_test_files_read(app), 14);
    const StorageInfo *in = app_test_file_info(app, find_file(app, "Sunday final", false));
    assert_non_null(in);
    assert_false(in->damaged);
    assert_int_equal(in->moves, 9);
    assert_int_equal(in->result, GAME_BLACK_WINS);
    assert_int_equal(in->board.size, 15);
    assert_int_equal(board_get(&in->board, 11, 7), STONE_BLACK);
    assert_true(move_equal(in->last, (Move){11, 7}));
    in = app_test_file_info(app, find_file(app, "Quick four", false));
    assert_int_equal(in->board.size, 9);
    assert_int_equal(in->rules.kind, RULE_EXACT);
    assert_int_equal(in->rules.k, 4);
    assert_int_equal(in->result, GAME_BLACK_WINS);
    in = app_test_file_info(app, find_file(app, "Renju lesson 有禁手", false));
    assert_int_equal(in->rules.kind, RULE_RENJU);
    assert_int_equal(in->result, GAME_ONGOING);
    in = app_test_file_info(app, find_file(app, "gomocup-round-3", true));
    assert_int_equal(in->moves, 5);
    in = app_test_file_info(app, find_file(app, "cut off", false));
    assert_true(in->damaged);
    assert_non_null(strstr(in->why, "line 3"));
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", "files-800x600");
    SDL_SetWindowSize(app_test_window(app), 640, 520);
    harness_steps(app, 3);
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", "files-640x520");
    SDL_SetWindowSize(app_test_window(app), 800, 600);
    harness_steps(app, 3);
    select_file(app, find_file(app, "cut off", false));
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", "files-damaged-800x600");
    select_file(app, find_file(app, "Quick four", false));

    /* Deleting one reads nothing again; a new file is read, alone. */
    harness_key(app, SDLK_DELETE);
    harness_key(app, SDLK_TAB);
    harness_key(app, SDLK_RETURN);
    app_test_files(app, &count, &sel);
    assert_int_equal(count, 13);
    assert_int_equal(app_test_files_read(app), 0);
    harness_key(app, SDLK_ESCAPE);
    char path[1200];
    put(dir, "new.psq", PSQ_INNER, 1700001000, path, sizeof path);
    open_list(app);
    assert_int_equal(app_test_files_read(app), 1);
    app_test_files(app, &count, &sel);
    assert_int_equal(count, 14);

    SDL_SetWindowSize(app_test_window(app), 1920, 1080);
    harness_steps(app, 3);
    select_file(app, find_file(app, "Sunday final", false));
    harness_motion(2, 2);
    harness_steps(app, 1);
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", "files-1920x1080");
    harness_key(app, SDLK_ESCAPE);
    harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
    open_list(app);
    select_file(app, find_file(app, "Renju lesson 有禁手", false));
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", "files-zh-1920x1080");
    SDL_SetWindowSize(app_test_window(app), 800, 600);
    harness_steps(app, 3);
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", "files-zh-800x600");
    SDL_SetWindowSize(app_test_window(app), 640, 720);
    harness_steps(app, 3);
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", "files-zh-640x720");
    harness_key(app, SDLK_ESCAPE);
    harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
    assert_int_equal(app_test_refused(app), 0);
    app_destroy(app);
}

/* A .psq or a save dropped on the window opens in review from every
 * screen, over any dialog (which is left unanswered). */
static void test_drop_everywhere(void **state)
{
    (void)state;
    char dir[1024], psq[1200], ours[1200], broken[1200], saved[1200];
    harness_data_dir(dir, sizeof dir, "files-drop");
    App *app = harness_start(1100, 800, dir, NULL);
    put(dir, "import.psq", PSQ_TEXT, 1700000300, psq, sizeof psq);
    put(dir, "saves/ours.gomoku", OURS, 1700000200, ours, sizeof ours);
    put(dir, "broken.psq", PSQ_BROKEN, 1700000100, broken, sizeof broken);
    start_two_people(app);
    play(app, MOVES, 3);
    app_destroy(app); /* the autosave is offered at the next start */

    /* The menu, under "Resume the unfinished game?". */
    app = harness_start(1100, 800, dir, NULL);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_RESUME);
    drop(app, psq);
    assert_reviewing_import(app);
    snprintf(saved, sizeof saved, "%s/autosave.gomoku", dir);
    assert_true(file_exists(saved)); /* not answered "New game": the autosave stays */
    /* Playing, under the name dialog (typing stops with it), under help. */
    new_game_from_review(app);
    drop(app, psq);
    assert_reviewing_import(app);
    new_game_from_review(app);
    play(app, MOVES, 2);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_SAVE_NAME);
    drop(app, psq);
    assert_reviewing_import(app);
    assert_false(SDL_IsTextInputActive());
    new_game_from_review(app);
    harness_key(app, SDLK_F1);
    assert_true(app_test_help_shown(app));
    drop(app, psq);
    assert_reviewing_import(app);
    /* Game over. */
    new_game_from_review(app);
    static const Move FIVE[9] = {{0, 0}, {0, 2}, {1, 0}, {1, 2}, {2, 0},
                                 {2, 2}, {3, 0}, {3, 2}, {4, 0}};
    play(app, FIVE, 9);
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    drop(app, psq);
    assert_reviewing_import(app);
    /* Review: another file replaces the one shown. */
    drop(app, ours);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    assert_int_equal(game_move_count(app_test_game(app)), 2);
    drop(app, psq);
    assert_reviewing_import(app);
    /* The file list, and the list under "Delete?": nothing is deleted. */
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    drop(app, psq);
    assert_reviewing_import(app);
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    select_file(app, find_file(app, "ours", false));
    harness_key(app, SDLK_DELETE);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_DELETE);
    drop(app, psq);
    assert_reviewing_import(app);
    assert_true(file_exists(ours));
    /* A damaged file dropped over a dialog: the dialog gives way to the
     * message saying what is wrong with it. */
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    harness_key(app, SDLK_DELETE);
    drop(app, broken);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_MESSAGE);
    assert_non_null(strstr(text, "move 2 at 8,8 is on an occupied point"));
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    /* The menu itself. */
    harness_key(app, SDLK_ESCAPE);
    harness_key(app, SDLK_ESCAPE);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    drop(app, psq);
    assert_reviewing_import(app);
    app_destroy(app);
}

/* Enter in a question that destroys something takes the safe answer:
 * Delete and Replace need a click, or Tab and then Enter. */
static void test_enter_is_safe(void **state)
{
    (void)state;
    char dir[1024], path[1200];
    harness_data_dir(dir, sizeof dir, "files-enter-safe");
    App *app = harness_start(1100, 800, dir, NULL);
    start_two_people(app);
    play(app, MOVES, 3);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    harness_text(app, "keep");
    harness_key(app, SDLK_RETURN);
    snprintf(path, sizeof path, "%s/saves/keep.gomoku", dir);
    assert_int_equal(moves_in(path), 3);

    /* Replace?  Enter goes back to the name; the save is not written over. */
    harness_click_point(app, MOVES[3].x, MOVES[3].y);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    harness_text(app, "keep");
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_REPLACE);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_SAVE_NAME);
    assert_int_equal(moves_in(path), 3);
    harness_key(app, SDLK_ESCAPE);

    /* Delete?  Enter (even twice, as a held key repeats) deletes nothing. */
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    assert_int_equal(app_test_state(app), APP_STATE_FILES);
    select_file(app, find_file(app, "keep", false));
    harness_key(app, SDLK_DELETE);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_DELETE);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    assert_true(file_exists(path));
    harness_key(app, SDLK_DELETE);
    harness_key(app, SDLK_RETURN);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW); /* the second Enter opened it */
    assert_true(file_exists(path));

    /* Tab to Delete, then Enter: deleted. */
    harness_key_mod(app, SDLK_o, KMOD_LCTRL);
    select_file(app, find_file(app, "keep", false));
    harness_key(app, SDLK_DELETE);
    harness_key(app, SDLK_TAB);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    assert_false(file_exists(path));
    app_destroy(app);
}

/* The input method's unfinished text shows in the field but is not part of
 * the name until it is committed. */
static void test_composition(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "files-ime");
    App *app = harness_start(1100, 800, dir, NULL);
    start_two_people(app);
    play(app, MOVES, 1);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_TEXTEDITING;
    SDL_strlcpy(ev.edit.text, "wu zi", sizeof ev.edit.text);
    ev.edit.start = 5;
    SDL_PushEvent(&ev);
    harness_steps(app, 2);
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    SDL_FreeSurface(s);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_SAVE_NAME);
    assert_true(storage_name_valid(text)); /* the suggestion, untouched */
    harness_text(app, "五子");
    assert_string_equal(text, "五子");
    app_destroy(app);
}

static void *load_font(const char *rel, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/fonts/%s", GOMOKU_TEST_ASSETS, rel);
    void *data = SDL_LoadFile(path, len);
    assert_non_null(data);
    return data;
}

/* Counts pixels brighter than the black background. */
static int lit_pixels(SDL_Surface *s)
{
    int n = 0;
    for (int y = 0; y < s->h; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < s->w; x++) {
            n += (row[x] & 0xFFu) > 100 ? 1 : 0;
        }
    }
    return n;
}

/* Names are the player's text: characters the UI font subset lacks come
 * from the bundled Latin font or a CJK font of the system. */
static void test_text_fallback(void **state)
{
    (void)state;
    assert_int_equal(TTF_Init(), 0);
    size_t rl, bl, drl, dbl;
    void *reg = load_font("NotoSansSC-Regular-subset.otf", &rl);
    void *bold = load_font("NotoSansSC-Bold-subset.otf", &bl);
    void *dreg = load_font("DejaVuSans.ttf", &drl);
    void *dbold = load_font("DejaVuSans-Bold.ttf", &dbl);
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, 240, 60, 32, SDL_PIXELFORMAT_ARGB8888);
    assert_non_null(surf);
    SDL_Renderer *ren = SDL_CreateSoftwareRenderer(surf);
    assert_non_null(ren);
    char err[256];
    Text *t = text_create(ren, reg, rl, bold, bl, err, sizeof err);
    assert_non_null(t);
    assert_true(text_can_draw(t, "Gomoku 五子棋"));
    text_set_fallback(t, dreg, drl, dbold, dbl);
    assert_true(text_can_draw(t, "Zoë Ødegård"));
    assert_false(text_can_draw(t, "\xee\x80\x80")); /* U+E000: private use, no font */

    SDL_SetRenderDrawColor(ren, 0, 0, 0, 255);
    SDL_RenderClear(ren);
    assert_true(
        text_draw(t, TEXT_BOLD, 24, "Zoë", (SDL_Color){255, 255, 255, 255}, 4, 30, TEXT_LEFT) > 0);
    assert_true(lit_pixels(surf) > 30);
    if (text_can_draw(t, "晚场")) {
        SDL_RenderClear(ren);
        text_draw(t, TEXT_REGULAR, 24, "晚场", (SDL_Color){255, 255, 255, 255}, 4, 30, TEXT_LEFT);
        assert_true(lit_pixels(surf) > 60);
    } else {
        print_message("no CJK font on this system: the typed-Chinese drawing is not checked\n");
    }
    text_destroy(t);
    SDL_DestroyRenderer(ren);
    SDL_FreeSurface(surf);
    SDL_free(reg);
    SDL_free(bold);
    SDL_free(dreg);
    SDL_free(dbold);
    TTF_Quit();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_psq_files_in_list),   cmocka_unit_test(test_typed_name_round_trip),
        cmocka_unit_test(test_paste_name),          cmocka_unit_test(test_invalid_names_refused),
        cmocka_unit_test(test_overwrite_asks),      cmocka_unit_test(test_composition),
        cmocka_unit_test(test_text_fallback),       cmocka_unit_test(test_enter_is_safe),
        cmocka_unit_test(test_back_returns),        cmocka_unit_test(test_drop_everywhere),
        cmocka_unit_test(test_export_to_documents), cmocka_unit_test(test_damaged_psq_said),
        cmocka_unit_test(test_list_details),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
