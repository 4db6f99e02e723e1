/*
 * test_saving.c - the game never loses a save or changes a file behind the
 * player's back (issue 11), driven through the real app: settings.ini
 * left as it is when nothing changed, an autosave that cannot be written
 * said so, a newer version's record opened read-only, its settings.ini
 * never written and its autosave kept aside, a record saved again from
 * review keeping its names and notes, a full disk and every other way a
 * save fails reported in both languages with the old save intact, and
 * saving that never holds up a frame.
 *
 * POSIX only (folders, inodes, the fake system calls); on Windows the test
 * is a stub that passes.
 */
#include "test_ui_harness.h"

#include "core/record_text.h"
#include "store/i18n.h"
#include "store/storage.h"

#ifndef _WIN32

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/storage_os.h"

static const Move MOVES[6] = {{7, 7}, {8, 8}, {7, 8}, {8, 9}, {6, 6}, {1, 1}};

static void start_two_people(App *app)
{
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    assert_int_equal(app_test_menu_options(app).mode, MODE_TWO_PLAYERS);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
}

static ino_t inode_of(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return st.st_ino;
}

/* The number of moves in a record file, or -1 when it does not load. */
static int moves_in(const char *path)
{
    Record *rec = malloc(sizeof *rec);
    assert_non_null(rec);
    char err[256];
    int n = storage_load_path(path, rec, err, sizeof err) == STORAGE_OK ? rec->count : -1;
    free(rec);
    return n;
}

/* Replaces the line starting with key in text by line (text is big enough). */
static void set_line(char *text, size_t cap, const char *key, const char *line)
{
    char *at = strstr(text, key);
    assert_non_null(at);
    char *end = strchr(at, '\n');
    assert_non_null(end);
    char rest[8192];
    snprintf(rest, sizeof rest, "%s", end);
    snprintf(at, cap - (size_t)(at - text), "%s%s", line, rest);
}

/* The message shown starts with the string id says (its printf format up
 * to the first conversion). */
static bool starts_as(const char *text, I18nString id)
{
    const char *fmt = i18n_get(id);
    size_t n = strcspn(fmt, "%");
    return strncmp(text, fmt, n) == 0;
}

/* Issue 11: settings.ini was rewritten at every exit ("language = system"
 * became "en", a value that could not be read became the default before
 * the player saw why).  Now a start and a quit with nothing changed leave
 * it the very same file, and a change in the menu changes its line only. */
static void test_settings_left_as_they_are(void **state)
{
    (void)state;
    char dir[1024], path[1200], text[8192], want[8192];
    harness_data_dir(dir, sizeof dir, "saving-settings");
    app_destroy(harness_start(1100, 800, dir, NULL)); /* the folders, the window's lines */
    snprintf(path, sizeof path, "%s/settings.ini", dir);
    assert_true(harness_read_file(path, text, sizeof text) > 0);
    set_line(text, sizeof text, "size =", "size = 40   # my typo");
    set_line(text, sizeof text, "language =", "language = system");
    strcat(text, "# my own note\ncolour-scheme = dark\n");
    assert_int_equal(harness_write_file(path, text), 0);
    ino_t ino = inode_of(path);

    App *app = harness_start(1100, 800, dir, NULL);
    const char *shown = NULL;
    assert_int_equal(app_test_dialog(app, &shown), APP_DIALOG_MESSAGE);
    assert_true(starts_as(shown, I18N_SETTINGS_WARNINGS));
    assert_non_null(strstr(shown, "size '40' is not valid"));
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_menu_options(app).size, 15);
    app_destroy(app);
    assert_int_equal(inode_of(path), ino); /* not written at all */
    char now[8192];
    assert_true(harness_read_file(path, now, sizeof now) > 0);
    assert_string_equal(now, text);

    /* A change in the menu: that line, and nothing else. */
    app = harness_start(1100, 800, dir, NULL);
    harness_key(app, SDLK_RETURN);
    harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    assert_int_equal(app_test_menu_options(app).mode, MODE_COMPUTER_BLACK);
    app_destroy(app);
    snprintf(want, sizeof want, "%s", text);
    set_line(want, sizeof want, "mode =",
             "mode = computer-black  # human-black | computer-black | two-players | "
             "computer-vs-computer");
    assert_true(harness_read_file(path, now, sizeof now) > 0);
    assert_string_equal(now, want);
}

/* Issue 11: an autosave path that is a folder was ignored silently: no
 * game was kept and nobody said so.  Now the start says it, and so does
 * the first move that cannot be kept. */
static void test_autosave_cannot_be_written(void **state)
{
    (void)state;
    char dir[1024], path[1200];
    harness_data_dir(dir, sizeof dir, "saving-autosave-folder");
    assert_int_equal(mkdir(dir, 0755), 0);
    snprintf(path, sizeof path, "%s/%s", dir, STORAGE_AUTOSAVE_FILE);
    assert_int_equal(mkdir(path, 0755), 0);
    App *app = harness_start(1100, 800, dir, NULL);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_MESSAGE);
    assert_true(starts_as(text, I18N_AUTOSAVE_FAILED));
    assert_non_null(strstr(text, "in the way"));
    harness_key(app, SDLK_RETURN);
    start_two_people(app);
    harness_click_point(app, MOVES[0].x, MOVES[0].y);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE); /* told once */
    app_destroy(app);

    /* The folder appears during a game: the next move says so. */
    assert_int_equal(rmdir(path), 0);
    app = harness_start(1100, 800, dir, NULL);
    assert_int_equal(app_test_menu_options(app).mode, MODE_TWO_PLAYERS); /* as the menu was */
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    harness_click_point(app, MOVES[0].x, MOVES[0].y);
    assert_int_equal(moves_in(path), 1);
    assert_int_equal(unlink(path), 0);
    assert_int_equal(mkdir(path, 0755), 0);
    harness_click_point(app, MOVES[1].x, MOVES[1].y);
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_MESSAGE);
    assert_true(starts_as(text, I18N_AUTOSAVE_FAILED));
    assert_non_null(strstr(text, "in the way"));
    harness_key(app, SDLK_RETURN);
    app_destroy(app);
    assert_int_equal(rmdir(path), 0);
}

/* Issue 11: a record from a newer version opens, read-only, and says so;
 * the coach's analysis is not written into it (as it is into a record of
 * this version, which shows that the check below can fail). */
static void test_newer_record_read_only(void **state)
{
    (void)state;
    char dir[1024], path[1200], before[4096], after[4096];
    harness_data_dir(dir, sizeof dir, "saving-newer");
    app_destroy(harness_start(1100, 800, dir, NULL));
    snprintf(path, sizeof path, "%s/saves/present.gomoku", dir);
    assert_int_equal(harness_write_file(path, "gomoku-record 1\nsize 15\nx-new 1\n"
                                              "moves h8 i9 h9 i10 h10\nend\n"),
                     0);
    App *app = harness_start(1100, 800, dir, path);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    harness_wait_helper(app);
    harness_steps(app, 5);
    app_destroy(app);
    assert_true(harness_read_file(path, before, sizeof before) > 0);
    assert_non_null(strstr(before, "\nx-eval 0 "));
    assert_non_null(strstr(before, "\nx-new 1\n"));

    snprintf(path, sizeof path, "%s/saves/future.gomoku", dir);
    const char *text = "gomoku-record 2\nsize 15\nhandicap 2\nx-new 1\n"
                       "moves h8 i9 h9 i10 h10\nend\n";
    assert_int_equal(harness_write_file(path, text), 0);
    app = harness_start(1100, 800, dir, path);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    const char *shown = NULL;
    assert_int_equal(app_test_dialog(app, &shown), APP_DIALOG_MESSAGE);
    assert_true(starts_as(shown, I18N_FMT_READ_ONLY_NEWER));
    assert_non_null(strstr(shown, "future.gomoku"));
    harness_key(app, SDLK_RETURN);
    harness_wait_helper(app);
    harness_steps(app, 5);
    app_destroy(app);
    assert_true(harness_read_file(path, before, sizeof before) > 0);
    snprintf(after, sizeof after, "%s", text);
    assert_string_equal(before, after);
}

/* Issue 11: a settings file a newer version wrote (a "version = 2" key, or
 * "gomoku-settings 2") is read as far as this version understands it, the
 * start says so, and it is never written, whatever the player changes (the
 * window's place neither). */
static void test_newer_settings_left_alone(void **state)
{
    (void)state;
    static const char *const NEWER[] = {
        "gomoku-settings 1\nversion = 2\nsize = 17\ntheme = dark\nmode = two-players\n",
        "gomoku-settings 2\nsize = 17\ntheme = dark\nmode = two-players\n"};
    for (int i = 0; i < 2; i++) {
        char dir[1024], path[1200], now[4096];
        harness_data_dir(dir, sizeof dir, i == 0 ? "saving-newer-key" : "saving-newer-header");
        app_destroy(harness_start(1100, 800, dir, NULL));
        snprintf(path, sizeof path, "%s/settings.ini", dir);
        assert_int_equal(harness_write_file(path, NEWER[i]), 0);
        ino_t ino = inode_of(path);
        App *app = harness_start(1100, 800, dir, NULL);
        const char *shown = NULL;
        assert_int_equal(app_test_dialog(app, &shown), APP_DIALOG_MESSAGE);
        assert_true(starts_as(shown, I18N_SETTINGS_NEWER));
        harness_key(app, SDLK_RETURN);
        assert_int_equal(app_test_menu_options(app).size, 17);
        assert_int_equal(app_test_menu_options(app).mode, MODE_TWO_PLAYERS);
        harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
        assert_int_equal(app_test_menu_options(app).mode, MODE_AI_VS_AI);
        app_destroy(app);
        assert_int_equal(inode_of(path), ino);
        assert_true(harness_read_file(path, now, sizeof now) > 0);
        assert_string_equal(now, NEWER[i]);
    }
}

/* Issue 11: an autosave a newer version wrote is offered back as far as
 * this version reads it, and kept aside byte for byte (as
 * autosave.gomoku.newer-1) before this version's autosave takes its
 * place. */
static void test_newer_autosave_kept_aside(void **state)
{
    (void)state;
    char dir[1024], path[1200], aside[1300], now[4096];
    harness_data_dir(dir, sizeof dir, "saving-newer-autosave");
    app_destroy(harness_start(1100, 800, dir, NULL));
    snprintf(path, sizeof path, "%s/%s", dir, STORAGE_AUTOSAVE_FILE);
    snprintf(aside, sizeof aside, "%s.newer-1", path);
    const char *text = "gomoku-record 2\nsize 15\nhandicap 2\nx-new 1\n"
                       "black-kind human\nwhite-kind human\nmoves h8 i9 h9\nend\n";
    assert_int_equal(harness_write_file(path, text), 0);
    App *app = harness_start(1100, 800, dir, NULL);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_RESUME);
    harness_key(app, SDLK_RETURN); /* Resume */
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    assert_int_equal(game_move_count(app_test_game(app)), 3);
    assert_true(harness_read_file(path, now, sizeof now) > 0);
    assert_string_equal(now, text); /* resuming writes nothing yet */
    harness_click_point(app, MOVES[3].x, MOVES[3].y);
    assert_int_equal(game_move_count(app_test_game(app)), 4);
    app_destroy(app);
    assert_true(harness_read_file(aside, now, sizeof now) > 0);
    assert_string_equal(now, text);
    assert_int_equal(moves_in(path), 4);
}

/* Issue 11: a record opened in review and saved again kept neither its
 * players' names nor its notes; the same game saved keeps them. */
static void test_save_from_review_keeps_the_record(void **state)
{
    (void)state;
    char dir[1024], path[1200], copy[1200];
    harness_data_dir(dir, sizeof dir, "saving-review");
    app_destroy(harness_start(1100, 800, dir, NULL));
    snprintf(path, sizeof path, "%s/saves/club.gomoku", dir);
    const char *text = "# Club final, round 3\ngomoku-record 1\nsize 15\n"
                       "black Ann\tLee\nblack-kind human\nwhite Bob #2\nwhite-kind human\n"
                       "preset Club rules\nclock-ms 90000\nx-venue Beijing\n"
                       "moves h8 i9 h9 i10 h10\n# a fine game\nend\n";
    assert_int_equal(harness_write_file(path, text), 0);
    App *app = harness_start(1100, 800, dir, path);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_SAVE_NAME);
    harness_text(app, "copy");
    harness_key(app, SDLK_RETURN);
    harness_wait_helper(app);
    app_destroy(app);
    snprintf(copy, sizeof copy, "%s/saves/copy.gomoku", dir);
    Record *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    char err[256];
    assert_int_equal(storage_load_path(path, a, err, sizeof err), STORAGE_OK);
    assert_int_equal(storage_load_path(copy, b, err, sizeof err), STORAGE_OK);
    assert_int_equal(b->count, 5);
    assert_string_equal(b->black.name, "Ann\tLee");
    assert_string_equal(b->white.name, "Bob #2");
    assert_string_equal(b->preset, "Club rules");
    assert_int_equal(b->clock_ms, 90000);
    assert_string_equal(b->extra, "# Club final, round 3\nx-venue Beijing\n# a fine game\n");
    free(a);
    free(b);
}

/* ---- the system failing, and the disk being slow ---------------------------- */

static int fail_errno; /* 0: the system's calls work */

static intptr_t failing_open_new(const char *path, bool *exists)
{
    if (fail_errno != 0) {
        *exists = false;
        errno = fail_errno;
        return -1;
    }
    return storage_os_system_calls()->open_new(path, exists);
}

/* Issue 11: a save on a full disk says so, and the save of that name that
 * was there stays whole. */
static void test_full_disk_keeps_the_old_save(void **state)
{
    (void)state;
    char dir[1024], path[1200];
    harness_data_dir(dir, sizeof dir, "saving-full-disk");
    App *app = harness_start(1100, 800, dir, NULL);
    start_two_people(app);
    for (int i = 0; i < 3; i++) {
        harness_click_point(app, MOVES[i].x, MOVES[i].y);
    }
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    harness_text(app, "full");
    harness_key(app, SDLK_RETURN);
    snprintf(path, sizeof path, "%s/saves/full.gomoku", dir);
    assert_int_equal(moves_in(path), 3);

    harness_click_point(app, MOVES[3].x, MOVES[3].y);
    harness_key_mod(app, SDLK_s, KMOD_LCTRL);
    harness_text(app, "full");
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_REPLACE);
    StorageOsCalls calls = *storage_os_system_calls();
    calls.open_new = failing_open_new;
    storage_os_set_calls(&calls);
    fail_errno = ENOSPC;
    harness_click_widget(app, APP_WIDGET_DIALOG_OK);
    fail_errno = 0;
    storage_os_set_calls(NULL);
    const char *text = NULL;
    assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_MESSAGE);
    assert_true(starts_as(text, I18N_FMT_SAVE_FAILED));
    assert_non_null(strstr(text, "full"));
    assert_non_null(strstr(text, "The disk is full: "));
    assert_int_equal(moves_in(path), 3);
    harness_key(app, SDLK_RETURN);
    app_destroy(app);
}

/* Which of the calls a write makes fails (with fail_errno); the others
 * are the system's. */
typedef enum FailAt { FAIL_WRITE, FAIL_SYNC, FAIL_RENAME, FAIL_OPEN, FAIL_FOLDER } FailAt;
static FailAt fail_at;

static long failing_write(intptr_t h, const void *data, size_t n)
{
    if (fail_errno != 0 && fail_at == FAIL_WRITE) {
        if (n > 1) {
            (void)storage_os_system_calls()->write(h, data, n / 2); /* half of it went out */
        }
        errno = fail_errno;
        return -1;
    }
    return storage_os_system_calls()->write(h, data, n);
}

static int failing_sync(intptr_t h)
{
    if (fail_errno != 0 && fail_at == FAIL_SYNC) {
        errno = fail_errno;
        return -1;
    }
    return storage_os_system_calls()->sync(h);
}

static int failing_rename(const char *from, const char *to)
{
    if (fail_errno != 0 && fail_at == FAIL_RENAME) {
        errno = fail_errno;
        return -1;
    }
    return storage_os_system_calls()->rename(from, to);
}

static intptr_t failing_open_at(const char *path, bool *exists)
{
    return fail_at == FAIL_OPEN ? failing_open_new(path, exists)
                                : storage_os_system_calls()->open_new(path, exists);
}

/* How many temporary files (".tmp-") dir holds. */
static int temp_files(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        n += strstr(de->d_name, STORAGE_TEMP_MARK) != NULL;
    }
    closedir(d);
    return n;
}

/* Issue 11: every way a save can fail - the disk full as the bytes go
 * out, a flush that fails, a rename refused, a read-only folder, a folder
 * where the file goes - is said in the player's language (the headline;
 * the writer's reason under it), and the save that was there stays as it
 * was, with no temporary file beside it. */
static void test_every_fault_said_in_both_languages(void **state)
{
    (void)state;
    static const struct {
        FailAt at;
        int err;
        const char *name, *says[I18N_LANG_COUNT];
    } FAULTS[] = {
        {FAIL_WRITE, ENOSPC, "kept", {"The disk is full: /", "磁盘已满：/"}},
        /* A cause a player cannot act on: the system's words, in English. */
        {FAIL_SYNC, EIO, "kept", {"Input/output error", "Input/output error"}},
        {FAIL_RENAME, EXDEV, "kept", {"cannot replace", "cannot replace"}},
        {FAIL_OPEN, EROFS, "kept", {"This folder cannot be written to: /", "该文件夹无法写入：/"}},
        {FAIL_FOLDER,
         0,
         "folder",
         {"A folder of that name is in the way: /", "该位置已有同名文件夹：/"}},
    };
    static const char *const HEADLINE[I18N_LANG_COUNT] = {"Could not save ", "无法保存 "};
    for (int lang = 0; lang < I18N_LANG_COUNT; lang++) {
        char dir[1024], saves[1100], kept[1200], folder[1200];
        harness_data_dir(dir, sizeof dir,
                         lang == I18N_LANG_ZH ? "saving-faults-zh" : "saving-faults");
        App *app = harness_start(1100, 800, dir, NULL);
        while (app_test_menu_options(app).lang != (I18nLang)lang) {
            harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
        }
        start_two_people(app);
        for (int i = 0; i < 3; i++) {
            harness_click_point(app, MOVES[i].x, MOVES[i].y);
        }
        harness_key_mod(app, SDLK_s, KMOD_LCTRL);
        harness_text(app, "kept");
        harness_key(app, SDLK_RETURN);
        snprintf(saves, sizeof saves, "%s/saves", dir);
        snprintf(kept, sizeof kept, "%s/kept.gomoku", saves);
        snprintf(folder, sizeof folder, "%s/folder.gomoku", saves);
        assert_int_equal(moves_in(kept), 3);
        assert_int_equal(mkdir(folder, 0755), 0);
        harness_click_point(app, MOVES[3].x, MOVES[3].y);
        StorageOsCalls calls = *storage_os_system_calls();
        calls.open_new = failing_open_at;
        calls.write = failing_write;
        calls.sync = failing_sync;
        calls.rename = failing_rename;
        for (size_t f = 0; f < sizeof FAULTS / sizeof FAULTS[0]; f++) {
            harness_key_mod(app, SDLK_s, KMOD_LCTRL);
            harness_text(app, FAULTS[f].name);
            fail_at = FAULTS[f].at;
            fail_errno = FAULTS[f].err;
            storage_os_set_calls(&calls);
            harness_key(app, SDLK_RETURN);
            if (FAULTS[f].at != FAIL_FOLDER) { /* a folder is not a save to replace */
                assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_REPLACE);
                harness_click_widget(app, APP_WIDGET_DIALOG_OK);
            }
            storage_os_set_calls(NULL);
            fail_errno = 0;
            const char *text = NULL;
            assert_int_equal(app_test_dialog(app, &text), APP_DIALOG_MESSAGE);
            const char *says = FAULTS[f].says[lang];
            if (strstr(text, HEADLINE[lang]) != text || strstr(text, says) == NULL) {
                print_error("fault %zu: '%s'\n", f, text);
            }
            assert_true(strstr(text, HEADLINE[lang]) == text);
            assert_non_null(strstr(text, says));
            char shot[64];
            snprintf(shot, sizeof shot, "save-fault-%zu-%s", f, lang == I18N_LANG_ZH ? "zh" : "en");
            harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", shot);
            harness_key(app, SDLK_RETURN);
            assert_int_equal(moves_in(kept), 3);
            struct stat st;
            assert_int_equal(stat(folder, &st), 0);
            assert_true(S_ISDIR(st.st_mode));
            assert_int_equal(temp_files(saves), 0);
        }
        /* With the disk well again, the same save goes through. */
        harness_key_mod(app, SDLK_s, KMOD_LCTRL);
        harness_text(app, "kept");
        harness_key(app, SDLK_RETURN);
        harness_click_widget(app, APP_WIDGET_DIALOG_OK);
        assert_int_equal(moves_in(kept), 4);
        app_destroy(app);
    }
}

static SDL_sem *sync_gate;      /* slow_sync waits here for the test */
static SDL_atomic_t sync_waits; /* how many writes are held there */
static SDL_threadID ui_thread;  /* the test's, which runs the app's frames */
static SDL_atomic_t ui_syncs;   /* flushes asked for on it */

static int slow_sync(intptr_t h)
{
    if (SDL_ThreadID() == ui_thread) {
        /* Counted, not held: held, the frame would wait for the test,
         * which waits for the frame. */
        SDL_AtomicAdd(&ui_syncs, 1);
        return storage_os_system_calls()->sync(h);
    }
    SDL_AtomicAdd(&sync_waits, 1);
    SDL_SemWait(sync_gate);
    SDL_AtomicAdd(&sync_waits, -1);
    return storage_os_system_calls()->sync(h);
}

/* Issue 11: the autosave flushed the disk on the UI thread after every
 * move.  Now, with the disk holding a write as long as it likes, the game
 * goes on: moves are played and frames presented while the autosave
 * waits, and the file is there once the disk is done. */
static void test_saving_never_holds_a_frame(void **state)
{
    (void)state;
    char dir[1024], path[1200];
    harness_data_dir(dir, sizeof dir, "saving-slow-disk");
    App *app = harness_start(1100, 800, dir, NULL);
    app_test_thread_writes(app);
    start_two_people(app);
    sync_gate = SDL_CreateSemaphore(0);
    assert_non_null(sync_gate);
    SDL_AtomicSet(&sync_waits, 0);
    SDL_AtomicSet(&ui_syncs, 0);
    ui_thread = SDL_ThreadID();
    StorageOsCalls calls = *storage_os_system_calls();
    calls.sync = slow_sync;
    storage_os_set_calls(&calls);

    harness_click_point(app, MOVES[0].x, MOVES[0].y);
    assert_int_equal(SDL_AtomicGet(&ui_syncs), 0); /* the frame never flushes the disk */
    for (int i = 0; i < 5000 && SDL_AtomicGet(&sync_waits) == 0; i++) {
        SDL_Delay(1);
    }
    assert_int_equal(SDL_AtomicGet(&sync_waits), 1); /* the disk holds the autosave */
    unsigned long frames = app_test_frames(app);
    for (int i = 1; i < 4; i++) {
        harness_click_point(app, MOVES[i].x, MOVES[i].y);
    }
    assert_int_equal(game_move_count(app_test_game(app)), 4);
    assert_true(app_test_frames(app) > frames);
    assert_true(app_test_writes_busy(app));
    snprintf(path, sizeof path, "%s/%s", dir, STORAGE_AUTOSAVE_FILE);
    assert_int_equal(moves_in(path), -1); /* not there yet */

    storage_os_set_calls(NULL);
    SDL_SemPost(sync_gate);
    app_test_wait_writes(app);
    harness_steps(app, 2);
    assert_false(app_test_writes_busy(app));
    assert_int_equal(moves_in(path), 4); /* the newest game replaced the waiting ones */
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    assert_int_equal(SDL_AtomicGet(&ui_syncs), 0);
    app_destroy(app);
    SDL_DestroySemaphore(sync_gate);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_settings_left_as_they_are),
        cmocka_unit_test(test_autosave_cannot_be_written),
        cmocka_unit_test(test_newer_record_read_only),
        cmocka_unit_test(test_newer_settings_left_alone),
        cmocka_unit_test(test_newer_autosave_kept_aside),
        cmocka_unit_test(test_save_from_review_keeps_the_record),
        cmocka_unit_test(test_full_disk_keeps_the_old_save),
        cmocka_unit_test(test_every_fault_said_in_both_languages),
        cmocka_unit_test(test_saving_never_holds_a_frame),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#else /* _WIN32 */

static void test_skipped(void **state)
{
    (void)state;
    skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_skipped)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#endif
