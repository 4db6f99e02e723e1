/*
 * test_storage.c - the data folder: atomic writes (and what a failed write
 * leaves behind), saved games and their listing, the autosave, damaged
 * files, and settings.ini.
 *
 * POSIX only (temporary folders, mtimes, resource limits); on Windows the
 * test is a stub that passes.
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/record_text.h"
#include "view/menu.h"
#include "store/settings.h"
#include "store/storage.h"
#include "store/storage_os.h"
#include "store/storage_writer.h"

#ifndef _WIN32

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include <SDL.h>

/* ---- helpers ------------------------------------------------------------ */

typedef struct Fixture {
    char root[256];
    Storage st;
} Fixture;

static void rm_tree(const char *path)
{
    DIR *d = opendir(path);
    if (d == NULL) {
        unlink(path);
        return;
    }
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0) {
            continue;
        }
        char sub[1024];
        snprintf(sub, sizeof sub, "%s/%s", path, de->d_name);
        struct stat st;
        if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode)) {
            chmod(sub, 0755);
            rm_tree(sub);
        } else {
            unlink(sub);
        }
    }
    closedir(d);
    rmdir(path);
}

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    if (f == NULL) {
        return -1;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(f->root, sizeof f->root, "%s/gomoku-storage-XXXXXX",
             tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
    if (mkdtemp(f->root) == NULL) {
        free(f);
        return -1;
    }
    char dir[512];
    snprintf(dir, sizeof dir, "%s/data/nested", f->root);
    char err[512];
    if (storage_init(&f->st, dir, err, sizeof err) != STORAGE_OK) {
        fprintf(stderr, "storage_init: %s\n", err);
        rm_tree(f->root);
        free(f);
        return -1;
    }
    /* Never the real Documents folder: its exports would join the lists. */
    snprintf(dir, sizeof dir, "%s/documents", f->root);
    storage_set_documents(&f->st, dir);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    storage_os_set_calls(NULL); /* a test that failed half way leaves none of its fakes */
    rm_tree(f->root);
    free(f);
    return 0;
}

static void write_raw(const char *path, const char *text)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(text, 1, strlen(text), fp), strlen(text));
    assert_int_equal(fclose(fp), 0);
}

/* Returns the file's contents (static buffer) or "<missing>". */
static const char *read_raw(const char *path)
{
    static char buf[8192];
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        return "<missing>";
    }
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    buf[n] = '\0';
    fclose(fp);
    return buf;
}

/* Counts the entries of dir whose name contains needle. */
static int count_matching(const char *dir, const char *needle)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (strstr(de->d_name, needle) != NULL) {
            n++;
        }
    }
    closedir(d);
    return n;
}

static void set_mtime(const char *path, time_t t)
{
    struct utimbuf u = {t, t};
    assert_int_equal(utime(path, &u), 0);
}

static Record sample_record(int moves)
{
    Record r;
    record_init(&r, 15, (Rules){RULE_FREESTYLE, 5});
    /* Two interleaved diagonals that never make five. */
    for (int i = 0; i < moves; i++) {
        int x = i / 2;
        int y = i % 2 == 0 ? (x % 4) : 8 + (x % 4);
        record_add_move(&r, (Move){(int8_t)x, (int8_t)y}, 100 * i);
    }
    record_set_text(r.black.name, "You");
    r.black.kind = RECORD_PLAYER_HUMAN;
    record_set_text(r.white.name, "Computer");
    r.white.kind = RECORD_PLAYER_COMPUTER;
    return r;
}

/* ---- tests ------------------------------------------------------------- */

static void test_init_creates_folders(void **state)
{
    Fixture *f = *state;
    char saves[1024];
    assert_int_equal(storage_path(&f->st, "saves", saves, sizeof saves), STORAGE_OK);
    struct stat st;
    assert_int_equal(stat(saves, &st), 0);
    assert_true(S_ISDIR(st.st_mode));

    /* The environment variable chooses the folder when none is given. */
    char envdir[512];
    snprintf(envdir, sizeof envdir, "%s/from-env", f->root);
    setenv(STORAGE_ENV_DIR, envdir, 1);
    Storage s2;
    char err[512];
    assert_int_equal(storage_init(&s2, NULL, err, sizeof err), STORAGE_OK);
    unsetenv(STORAGE_ENV_DIR);
    assert_string_equal(s2.dir, envdir);
    assert_int_equal(stat(envdir, &st), 0);

    /* A folder that cannot be made (a file is in the way). */
    char blocked[512];
    snprintf(blocked, sizeof blocked, "%s/afile", f->root);
    write_raw(blocked, "x");
    char inside[600];
    snprintf(inside, sizeof inside, "%s/sub", blocked);
    assert_int_equal(storage_init(&s2, inside, err, sizeof err), STORAGE_ERR_IO);
    assert_non_null(strstr(err, "cannot create the data folder"));
    assert_string_equal(s2.dir, "");
}

static void test_atomic_write_replaces_and_leaves_no_litter(void **state)
{
    Fixture *f = *state;
    char path[1024];
    assert_int_equal(storage_path(&f->st, "file.txt", path, sizeof path), STORAGE_OK);
    char err[512];
    assert_int_equal(storage_write_atomic(path, "first", 5, err, sizeof err), STORAGE_OK);
    assert_string_equal(read_raw(path), "first");
    assert_int_equal(storage_write_atomic(path, "second version", 14, err, sizeof err), STORAGE_OK);
    assert_string_equal(read_raw(path), "second version");
    assert_int_equal(storage_write_atomic(path, "", 0, err, sizeof err), STORAGE_OK);
    assert_string_equal(read_raw(path), "");
    assert_int_equal(count_matching(f->st.dir, ".tmp"), 0);

    char *data = NULL;
    size_t len = 99;
    assert_int_equal(storage_read_file(path, 100, &data, &len, err, sizeof err), STORAGE_OK);
    assert_non_null(data);
    assert_int_equal(len, 0);
    free(data);
}

static void test_atomic_write_failure_keeps_old_file(void **state)
{
    Fixture *f = *state;
    char err[512];

    /* 1. The folder does not exist. */
    char nowhere[1024];
    snprintf(nowhere, sizeof nowhere, "%s/no/such/dir/file.txt", f->root);
    assert_int_equal(storage_write_atomic(nowhere, "x", 1, err, sizeof err), STORAGE_ERR_IO);
    assert_non_null(strstr(err, "cannot write"));
    assert_non_null(strstr(err, "file.txt"));

    /* 2. The write itself fails half way (file size limit), with an old
     *    file in place: the old file is intact and no temporary remains. */
    char path[1024];
    assert_int_equal(storage_path(&f->st, "keep.txt", path, sizeof path), STORAGE_OK);
    write_raw(path, "old contents");
    struct rlimit old_lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old_lim), 0);
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    struct rlimit lim = old_lim;
    lim.rlim_cur = 64;
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    char big[4096];
    memset(big, 'n', sizeof big);
    StorageStatus s = storage_write_atomic(path, big, sizeof big, err, sizeof err);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old_lim), 0);
    signal(SIGXFSZ, old_handler);
    assert_int_equal(s, STORAGE_ERR_IO);
    assert_non_null(strstr(err, "keep.txt"));
    assert_string_equal(read_raw(path), "old contents");
    assert_int_equal(count_matching(f->st.dir, ".tmp"), 0);

    /* 3. The target is a folder: said so, folder untouched, no temporary
     *    left. */
    char dirpath[1024];
    assert_int_equal(storage_path(&f->st, "adir", dirpath, sizeof dirpath), STORAGE_OK);
    assert_int_equal(mkdir(dirpath, 0755), 0);
    assert_int_equal(storage_write_atomic(dirpath, "x", 1, err, sizeof err), STORAGE_ERR_FOLDER);
    assert_non_null(strstr(err, "a folder of that name is in the way"));
    struct stat st;
    assert_int_equal(stat(dirpath, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    assert_int_equal(count_matching(f->st.dir, ".tmp"), 0);

    /* 4. A read-only folder (permissions do not stop root, so only when
     *    not running as root). */
    if (geteuid() != 0) {
        char ro[1024];
        snprintf(ro, sizeof ro, "%s/ro", f->root);
        assert_int_equal(mkdir(ro, 0755), 0);
        char target[1100];
        snprintf(target, sizeof target, "%s/settings.ini", ro);
        write_raw(target, "precious");
        assert_int_equal(chmod(ro, 0555), 0);
        assert_int_equal(storage_write_atomic(target, "new", 3, err, sizeof err),
                         STORAGE_ERR_NO_ACCESS);
        assert_string_equal(read_raw(target), "precious");
        chmod(ro, 0755);
        assert_int_equal(count_matching(ro, ".tmp"), 0);
    }

    /* Bad arguments. */
    assert_int_equal(storage_write_atomic(NULL, "x", 1, err, sizeof err), STORAGE_ERR_ARGS);
    assert_int_equal(storage_write_atomic(path, NULL, 3, err, sizeof err), STORAGE_ERR_ARGS);
}

static void test_read_file_limits(void **state)
{
    Fixture *f = *state;
    char path[1024];
    assert_int_equal(storage_path(&f->st, "big.txt", path, sizeof path), STORAGE_OK);
    char big[10000];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    write_raw(path, big);
    char *data = (char *)1;
    size_t len = 0;
    char err[512];
    assert_int_equal(storage_read_file(path, 5000, &data, &len, err, sizeof err),
                     STORAGE_ERR_TOO_BIG);
    assert_null(data);
    assert_non_null(strstr(err, "too large"));
    assert_int_equal(storage_read_file(path, sizeof big - 1, &data, &len, err, sizeof err),
                     STORAGE_OK);
    assert_int_equal(len, sizeof big - 1);
    assert_int_equal(data[len], '\0');
    free(data);
    char missing[1024];
    assert_int_equal(storage_path(&f->st, "missing.txt", missing, sizeof missing), STORAGE_OK);
    assert_int_equal(storage_read_file(missing, 100, &data, &len, err, sizeof err),
                     STORAGE_ERR_NOT_FOUND);
    assert_non_null(strstr(err, "does not exist"));
}

static void test_save_load_delete_and_names(void **state)
{
    Fixture *f = *state;
    char err[512];
    Record r = sample_record(9);
    assert_int_equal(storage_save_game(&f->st, "My game", &r, err, sizeof err), STORAGE_OK);
    Record back;
    assert_int_equal(storage_load_game(&f->st, "My game", &back, err, sizeof err), STORAGE_OK);
    assert_int_equal(back.count, 9);
    assert_string_equal(back.black.name, "You");
    for (int i = 0; i < 9; i++) {
        assert_int_equal(back.moves[i].x, r.moves[i].x);
        assert_int_equal(back.moves[i].y, r.moves[i].y);
        assert_int_equal(back.time_ms[i], r.time_ms[i]);
    }
    assert_int_equal(storage_load_game(&f->st, "Other", &back, err, sizeof err),
                     STORAGE_ERR_NOT_FOUND);
    assert_non_null(strstr(err, "no saved game called 'Other'"));

    static const char *const bad[] = {"",    "../escape", "a/b",       "a\\b",
                                      "c:x", ".hidden",   "trailing.", " lead",
                                      "con", "LPT1",      "what?",     "tab\tname"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_false(storage_name_valid(bad[i]));
        assert_int_equal(storage_save_game(&f->st, bad[i], &r, err, sizeof err), STORAGE_ERR_ARGS);
    }
    assert_true(storage_name_valid("2026-11-22 10-00 (2)"));
    assert_true(storage_name_valid("五子棋"));
    assert_true(storage_name_valid("console"));

    assert_int_equal(storage_delete_game(&f->st, "My game", err, sizeof err), STORAGE_OK);
    assert_int_equal(storage_delete_game(&f->st, "My game", err, sizeof err),
                     STORAGE_ERR_NOT_FOUND);
    assert_int_equal(storage_load_game(&f->st, "My game", &back, err, sizeof err),
                     STORAGE_ERR_NOT_FOUND);
}

static void test_list_order(void **state)
{
    Fixture *f = *state;
    char err[512];
    Record r = sample_record(4);
    const char *names[] = {"alpha", "beta", "gamma", "delta"};
    const time_t times[] = {1700000000, 1700000300, 1700000100, 1700000300};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(storage_save_game(&f->st, names[i], &r, err, sizeof err), STORAGE_OK);
        char rel[64], path[1024];
        snprintf(rel, sizeof rel, "saves/%s.gomoku", names[i]);
        assert_int_equal(storage_path(&f->st, rel, path, sizeof path), STORAGE_OK);
        set_mtime(path, times[i]);
    }
    /* Not saves: other extensions, temporaries, set-aside copies. */
    char path[1024];
    assert_int_equal(storage_path(&f->st, "saves/notes.txt", path, sizeof path), STORAGE_OK);
    write_raw(path, "x");
    assert_int_equal(storage_path(&f->st, "saves/alpha.gomoku.tmp-1-2-3", path, sizeof path),
                     STORAGE_OK);
    write_raw(path, "x");
    assert_int_equal(storage_path(&f->st, "saves/beta.gomoku.corrupt-1", path, sizeof path),
                     STORAGE_OK);
    write_raw(path, "x");

    StorageList list;
    assert_int_equal(storage_list_saves(&f->st, &list, err, sizeof err), STORAGE_OK);
    assert_int_equal(list.count, 4);
    /* Newest first; equal times by name. */
    assert_string_equal(list.items[0].name, "beta");
    assert_string_equal(list.items[1].name, "delta");
    assert_string_equal(list.items[2].name, "gamma");
    assert_string_equal(list.items[3].name, "alpha");
    assert_int_equal(list.items[3].mtime, 1700000000);
    assert_true(list.items[0].bytes > 20);
    assert_int_equal(strlen(list.items[0].date), 16);
    assert_non_null(strstr(list.items[0].path, "saves/beta.gomoku"));
    storage_list_free(&list);
    assert_null(list.items);
    assert_int_equal(list.count, 0);
    storage_list_free(NULL);
}

static void test_name_problems(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        StorageNameProblem want;
    } cases[] = {
        {"", STORAGE_NAME_EMPTY},
        {NULL, STORAGE_NAME_EMPTY},
        {"a/b", STORAGE_NAME_BAD_CHAR},
        {"tab\tname", STORAGE_NAME_BAD_CHAR},
        {"a\xc2\x85"
         "b",
         STORAGE_NAME_BAD_CHAR}, /* U+0085, a C1 control */
        {"bad \xff byte", STORAGE_NAME_BAD_TEXT},
        {"cut \xe4\xb8", STORAGE_NAME_BAD_TEXT},
        {"overlong \xc0\xaf", STORAGE_NAME_BAD_TEXT},
        {"surrogate \xed\xa0\x80", STORAGE_NAME_BAD_TEXT},
        {".hidden", STORAGE_NAME_BAD_EDGE},
        {"end ", STORAGE_NAME_BAD_EDGE},
        {"nul", STORAGE_NAME_RESERVED},
        {"Com7.txt", STORAGE_NAME_RESERVED},
        {"con .x", STORAGE_NAME_RESERVED},
        {"五子棋 Zoë", STORAGE_NAME_OK},
        {"a\xc2\xa0"
         "b",
         STORAGE_NAME_OK}, /* no-break space is a character */
        {"😀 emoji", STORAGE_NAME_OK},
        {"com", STORAGE_NAME_OK},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(storage_name_check(cases[i].name), cases[i].want);
        assert_int_equal(storage_name_valid(cases[i].name), cases[i].want == STORAGE_NAME_OK);
    }
    char name[STORAGE_NAME_MAX + 1];
    memset(name, 'x', sizeof name);
    name[STORAGE_NAME_MAX - 1] = '\0';
    assert_int_equal(storage_name_check(name), STORAGE_NAME_OK);
    memset(name, 'x', sizeof name);
    name[STORAGE_NAME_MAX] = '\0';
    assert_int_equal(storage_name_check(name), STORAGE_NAME_TOO_LONG);
}

static void test_list_games_with_psq(void **state)
{
    Fixture *f = *state;
    char err[512], path[1024];
    Record r = sample_record(4);
    assert_int_equal(storage_save_game(&f->st, "ours", &r, err, sizeof err), STORAGE_OK);
    assert_true(storage_save_exists(&f->st, "ours"));
    assert_false(storage_save_exists(&f->st, "other"));
    assert_false(storage_save_exists(&f->st, "a/b"));
    assert_int_equal(storage_path(&f->st, "saves/ours.gomoku", path, sizeof path), STORAGE_OK);
    set_mtime(path, 1700000200);
    static const struct {
        const char *rel;
        time_t t;
    } psq[] = {{"ours.psq", 1700000200},
               {"root.PSQ", 1700000300},
               {"saves/inner.psq", 1700000100},
               {".hidden.psq", 1700000400},
               {"saves/x.psq.tmp-1-2-3", 1700000400}};
    for (size_t i = 0; i < sizeof psq / sizeof psq[0]; i++) {
        assert_int_equal(storage_path(&f->st, psq[i].rel, path, sizeof path), STORAGE_OK);
        write_raw(path, "Piskvorky 15x15, 11:11, 0\n8,8,0\n-1\n");
        set_mtime(path, psq[i].t);
    }
    /* A .gomoku outside saves/ is not a save. */
    assert_int_equal(storage_path(&f->st, "stray.gomoku", path, sizeof path), STORAGE_OK);
    write_raw(path, "x");

    StorageList list;
    assert_int_equal(storage_list_saves(&f->st, &list, err, sizeof err), STORAGE_OK);
    assert_int_equal(list.count, 1);
    storage_list_free(&list);

    assert_int_equal(storage_list_games(&f->st, &list, err, sizeof err), STORAGE_OK);
    assert_int_equal(list.count, 4);
    assert_string_equal(list.items[0].name, "root");
    assert_int_equal(list.items[0].kind, STORAGE_KIND_PSQ);
    /* Same name and time: our save before the .psq. */
    assert_string_equal(list.items[1].name, "ours");
    assert_int_equal(list.items[1].kind, STORAGE_KIND_GOMOKU);
    assert_string_equal(list.items[2].name, "ours");
    assert_int_equal(list.items[2].kind, STORAGE_KIND_PSQ);
    assert_string_equal(list.items[3].name, "inner");
    assert_int_equal(list.items[3].kind, STORAGE_KIND_PSQ);
    assert_non_null(strstr(list.items[3].path, "saves/inner.psq"));

    /* Delete by entry: both kinds; a forged entry cannot reach elsewhere. */
    StorageEntry forged = list.items[0];
    int n = snprintf(forged.path, sizeof forged.path, "%s/../elsewhere.psq", f->st.dir);
    assert_true(n > 0 && (size_t)n < sizeof forged.path);
    assert_int_equal(storage_delete_entry(&f->st, &forged, err, sizeof err), STORAGE_ERR_ARGS);
    forged = list.items[0];
    assert_int_equal(storage_path(&f->st, "settings.ini", forged.path, sizeof forged.path),
                     STORAGE_OK);
    assert_int_equal(storage_delete_entry(&f->st, &forged, err, sizeof err), STORAGE_ERR_ARGS);
    forged = list.items[1];
    forged.kind = STORAGE_KIND_PSQ; /* a .gomoku is not deleted as a .psq */
    assert_int_equal(storage_delete_entry(&f->st, &forged, err, sizeof err), STORAGE_ERR_ARGS);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(storage_delete_entry(&f->st, &list.items[i], err, sizeof err), STORAGE_OK);
        assert_false(storage_file_exists(list.items[i].path));
    }
    assert_int_equal(storage_delete_entry(&f->st, &list.items[0], err, sizeof err),
                     STORAGE_ERR_NOT_FOUND);
    storage_list_free(&list);
    assert_int_equal(storage_list_games(&f->st, &list, err, sizeof err), STORAGE_OK);
    assert_int_equal(list.count, 0);
    storage_list_free(&list);
}

/* Where the desktop keeps Documents, as xdg-user-dir reads it. */
static void test_user_dirs(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *want; /* NULL: none found */
    } CASES[] = {
        {"# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\n"
         "XDG_DOCUMENTS_DIR=\"$HOME/Dokumente\"\n",
         "/home/zoë/Dokumente"},
        {"XDG_DOCUMENTS_DIR=\"/srv/docs/\"\n", "/srv/docs"},
        {"  XDG_DOCUMENTS_DIR = \"$HOME/文档\"  \r\n", "/home/zoë/文档"},
        {"XDG_DOCUMENTS_DIR=\"$HOME/\"\n", "/home/zoë"},
        {"XDG_DOCUMENTS_DIR=\"$HOME/My \\\"Docs\\\"\"\n", "/home/zoë/My \"Docs\""},
        {"XDG_DOCUMENTS_DIR=\"$HOME/old\"\nXDG_DOCUMENTS_DIR=\"$HOME/new\"\n", "/home/zoë/new"},
        {"#XDG_DOCUMENTS_DIR=\"$HOME/x\"\n", NULL},
        {"XDG_DOCUMENTS_DIR=\"relative/x\"\n", NULL},
        {"XDG_DOCUMENTS_DIRX=\"$HOME/x\"\n", NULL},
        {"XDG_DOCUMENTS_DIR=\"$HOMEx/y\"\n", NULL},
        {"", NULL},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char out[256] = "";
        bool found = storage_parse_user_dirs(CASES[i].text, strlen(CASES[i].text), "/home/zoë", out,
                                             sizeof out);
        if (found != (CASES[i].want != NULL) || (found && strcmp(out, CASES[i].want) != 0)) {
            fail_msg("case %zu: found %d \"%s\"", i, found, out);
        }
    }
}

/* Exports go to DOCUMENTS/Gomoku: chosen by argument, environment or the
 * system; made when an export writes; listed and deletable like the rest. */
static void test_exports_folder(void **state)
{
    Fixture *f = *state;
    char docs[600], want[700], path[1024], err[512];
    snprintf(docs, sizeof docs, "%s/documents", f->root);
    snprintf(want, sizeof want, "%s/Gomoku", docs);
    assert_string_equal(f->st.exports, want);
    struct stat st;
    assert_int_equal(stat(want, &st), -1); /* nothing made before an export */
    assert_int_equal(storage_export_path(&f->st, "Round 3", path, sizeof path, err, sizeof err),
                     STORAGE_OK);
    snprintf(want, sizeof want, "%s/Gomoku/Round 3.psq", docs);
    assert_string_equal(path, want);
    assert_int_equal(stat(f->st.exports, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    assert_int_equal(storage_export_path(&f->st, "a/b", path, sizeof path, err, sizeof err),
                     STORAGE_ERR_ARGS);

    /* The export is listed with the saves, and can be deleted. */
    Record r = sample_record(3);
    assert_int_equal(storage_save_game(&f->st, "ours", &r, err, sizeof err), STORAGE_OK);
    assert_int_equal(storage_save_path(want, &r, err, sizeof err), STORAGE_OK);
    StorageList list;
    assert_int_equal(storage_list_games(&f->st, &list, err, sizeof err), STORAGE_OK);
    assert_int_equal(list.count, 2);
    int at = strcmp(list.items[0].path, want) == 0 ? 0 : 1;
    assert_string_equal(list.items[at].path, want);
    assert_string_equal(list.items[at].name, "Round 3");
    assert_int_equal(list.items[at].kind, STORAGE_KIND_PSQ);
    assert_int_equal(storage_delete_entry(&f->st, &list.items[at], err, sizeof err), STORAGE_OK);
    assert_false(storage_file_exists(want));
    storage_list_free(&list);

    /* The environment, then the system's folder: XDG_DOCUMENTS_DIR from
     * user-dirs.dirs, else ~/Documents. */
    Storage s2 = f->st;
    setenv(STORAGE_ENV_DOCUMENTS, "/from/env/", 1);
    assert_int_equal(storage_set_documents(&s2, NULL), STORAGE_OK);
    assert_string_equal(s2.exports, "/from/env/Gomoku");
    unsetenv(STORAGE_ENV_DOCUMENTS);
#ifndef __APPLE__
    char home[600], cfg[600], old_home[600];
    const char *h = getenv("HOME");
    snprintf(old_home, sizeof old_home, "%s", h != NULL ? h : "");
    snprintf(home, sizeof home, "%s/home", f->root);
    snprintf(cfg, sizeof cfg, "%s/cfg", f->root);
    mkdir(cfg, 0755);
    snprintf(path, sizeof path, "%s/user-dirs.dirs", cfg);
    write_raw(path, "XDG_DOCUMENTS_DIR=\"$HOME/Dokumente\"\n");
    setenv("HOME", home, 1);
    setenv("XDG_CONFIG_HOME", cfg, 1);
    assert_int_equal(storage_set_documents(&s2, NULL), STORAGE_OK);
    snprintf(want, sizeof want, "%s/Dokumente/Gomoku", home);
    assert_string_equal(s2.exports, want);
    unlink(path);
    assert_int_equal(storage_set_documents(&s2, NULL), STORAGE_OK);
    snprintf(want, sizeof want, "%s/Documents/Gomoku", home);
    assert_string_equal(s2.exports, want);
    unsetenv("XDG_CONFIG_HOME");
    setenv("HOME", old_home, 1);
#endif
}

/* The URL Open folder hands to the system. */
static void test_file_url(void **state)
{
    (void)state;
    char url[256];
    assert_int_equal(storage_file_url("/home/zoë/My Docs/Gomoku", url, sizeof url), STORAGE_OK);
    assert_string_equal(url, "file:///home/zo%C3%AB/My%20Docs/Gomoku");
    assert_int_equal(storage_file_url("C:\\Users\\Zoë\\Documents\\Gomoku", url, sizeof url),
                     STORAGE_OK);
    assert_string_equal(url, "file:///C:/Users/Zo%C3%AB/Documents/Gomoku");
    assert_int_equal(storage_file_url("\\\\server\\share\\x#1", url, sizeof url), STORAGE_OK);
    assert_string_equal(url, "file://server/share/x%231");
    assert_int_equal(storage_file_url("/a/b/c", url, 10), STORAGE_ERR_ARGS);
}

static void test_autosave_and_corrupt_files(void **state)
{
    Fixture *f = *state;
    char err[512];
    Record r = sample_record(6);
    assert_int_equal(storage_autosave_load(&f->st, &r, err, sizeof err), STORAGE_ERR_NOT_FOUND);
    assert_string_equal(err, "");
    r = sample_record(6);
    assert_int_equal(storage_autosave_write(&f->st, &r, err, sizeof err), STORAGE_OK);
    r = sample_record(7);
    assert_int_equal(storage_autosave_write(&f->st, &r, err, sizeof err), STORAGE_OK);
    Record back;
    assert_int_equal(storage_autosave_load(&f->st, &back, err, sizeof err), STORAGE_OK);
    assert_int_equal(back.count, 7);
    assert_int_equal(count_matching(f->st.dir, ".tmp"), 0);
    assert_int_equal(storage_autosave_remove(&f->st, err, sizeof err), STORAGE_OK);
    assert_int_equal(storage_autosave_remove(&f->st, err, sizeof err), STORAGE_OK);
    assert_int_equal(storage_autosave_load(&f->st, &back, err, sizeof err), STORAGE_ERR_NOT_FOUND);

    /* A damaged autosave: reported with the line, never rewritten by the
     * failed load, set aside only on request. */
    char path[1024];
    assert_int_equal(storage_path(&f->st, STORAGE_AUTOSAVE_FILE, path, sizeof path), STORAGE_OK);
    const char *damaged = "gomoku-record 1\nsize 15\nmoves h8 i9 h8\n";
    write_raw(path, damaged);
    assert_int_equal(storage_autosave_load(&f->st, &back, err, sizeof err), STORAGE_ERR_CORRUPT);
    assert_non_null(strstr(err, "autosaved game is damaged"));
    assert_non_null(strstr(err, "line 3"));
    assert_string_equal(read_raw(path), damaged);

    char moved[1100];
    assert_int_equal(storage_set_aside(path, moved, sizeof moved, err, sizeof err), STORAGE_OK);
    assert_non_null(strstr(moved, "autosave.gomoku.corrupt-1"));
    assert_string_equal(read_raw(moved), damaged);
    assert_false(storage_file_exists(path));
    write_raw(path, "\x7f"
                    "ELF garbage");
    assert_int_equal(storage_autosave_load(&f->st, &back, err, sizeof err), STORAGE_ERR_CORRUPT);
    assert_int_equal(storage_set_aside(path, moved, sizeof moved, err, sizeof err), STORAGE_OK);
    assert_non_null(strstr(moved, "autosave.gomoku.corrupt-2"));
    assert_int_equal(storage_set_aside(path, moved, sizeof moved, err, sizeof err),
                     STORAGE_ERR_NOT_FOUND);

    /* A truncated save in the list. */
    assert_int_equal(storage_path(&f->st, "saves/cut.gomoku", path, sizeof path), STORAGE_OK);
    write_raw(path, "gomoku-record 1\nsize 15\nmoves h8 i9 j1");
    assert_int_equal(storage_load_game(&f->st, "cut", &back, err, sizeof err), STORAGE_ERR_CORRUPT);
    assert_non_null(strstr(err, "'cut' is damaged"));
    assert_non_null(strstr(err, "cut off"));
    assert_string_equal(read_raw(path), "gomoku-record 1\nsize 15\nmoves h8 i9 j1");
}

static void test_load_and_save_paths(void **state)
{
    Fixture *f = *state;
    char err[512];
    Record r = sample_record(8);
    char psq[1024], ours[1024];
    snprintf(psq, sizeof psq, "%s/export.PSQ", f->root);
    snprintf(ours, sizeof ours, "%s/export.gomoku", f->root);
    assert_int_equal(storage_save_path(psq, &r, err, sizeof err), STORAGE_OK);
    assert_int_equal(storage_save_path(ours, &r, err, sizeof err), STORAGE_OK);
    assert_int_equal(strncmp(read_raw(psq), "Piskvorky 15x15", 15), 0);
    assert_non_null(strstr(read_raw(ours), "gomoku-record 1"));
    Record a, b;
    assert_int_equal(storage_load_path(psq, &a, err, sizeof err), STORAGE_OK);
    assert_int_equal(storage_load_path(ours, &b, err, sizeof err), STORAGE_OK);
    assert_int_equal(a.count, 8);
    assert_int_equal(b.count, 8);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(a.moves[i].x, b.moves[i].x);
        assert_int_equal(a.moves[i].y, b.moves[i].y);
    }
    char missing[1024];
    snprintf(missing, sizeof missing, "%s/nope.psq", f->root);
    assert_int_equal(storage_load_path(missing, &a, err, sizeof err), STORAGE_ERR_NOT_FOUND);
    assert_int_equal(storage_load_path(f->root, &a, err, sizeof err) == STORAGE_OK, 0);
}

static void test_suggest_name(void **state)
{
    Fixture *f = *state;
    char err[512];
    char name[STORAGE_NAME_MAX];
    assert_int_equal(storage_suggest_name(&f->st, name, sizeof name), STORAGE_OK);
    assert_true(storage_name_valid(name));
    Record r = sample_record(2);
    assert_int_equal(storage_save_game(&f->st, name, &r, err, sizeof err), STORAGE_OK);
    char second[STORAGE_NAME_MAX];
    assert_int_equal(storage_suggest_name(&f->st, second, sizeof second), STORAGE_OK);
    /* The clock may tick to the next minute in between; either way the
     * name is new. */
    assert_string_not_equal(name, second);
    char date[32];
    storage_date_now(date, sizeof date);
    assert_int_equal(strlen(date), 20);
    assert_int_equal(date[19], 'Z');
}

/* ---- the system failing: full disk, read-only folder, a folder in the way */

/* A table of system calls that fails one of them (the rest are the
 * system's), as a full disk or a read-only folder would. */
typedef enum FailAt {
    FAIL_NONE = 0,
    FAIL_OPEN,
    FAIL_WRITE,
    FAIL_SYNC,
    FAIL_RENAME,
    FAIL_MKDIR
} FailAt;
static FailAt fail_at;
static int fail_errno;

static intptr_t fake_open_new(const char *path, bool *exists)
{
    if (fail_at == FAIL_OPEN) {
        *exists = false;
        errno = fail_errno;
        return -1;
    }
    return storage_os_system_calls()->open_new(path, exists);
}

static long fake_write(intptr_t h, const void *data, size_t n)
{
    if (fail_at == FAIL_WRITE) {
        /* Half of it goes to the disk, then the disk is full. */
        static bool half;
        half = !half;
        if (half && n > 1) {
            return storage_os_system_calls()->write(h, data, n / 2);
        }
        errno = fail_errno;
        return -1;
    }
    return storage_os_system_calls()->write(h, data, n);
}

static int fake_sync(intptr_t h)
{
    if (fail_at == FAIL_SYNC) {
        errno = fail_errno;
        return -1;
    }
    return storage_os_system_calls()->sync(h);
}

static int fake_close(intptr_t h)
{
    return storage_os_system_calls()->close(h);
}

static int fake_rename(const char *from, const char *to)
{
    if (fail_at == FAIL_RENAME) {
        errno = fail_errno;
        return -1;
    }
    return storage_os_system_calls()->rename(from, to);
}

static int fake_mkdir(const char *path)
{
    if (fail_at == FAIL_MKDIR) {
        errno = fail_errno;
        return -1;
    }
    return storage_os_system_calls()->mkdir(path);
}

static const StorageOsCalls FAKE_CALLS = {fake_open_new, fake_write,  fake_sync,
                                          fake_close,    fake_rename, fake_mkdir};

/* Issue 11: every way a write can fail leaves the file as it was, leaves
 * no temporary file, and says what went wrong in words a player reads. */
static void test_write_failures_keep_the_file(void **state)
{
    Fixture *f = *state;
    static const struct {
        FailAt at;
        int err;
        const char *says;
        StorageStatus st; /* the causes a player can act on told apart */
    } CASES[] = {
        {FAIL_OPEN, ENOSPC, "cannot write", STORAGE_ERR_NO_SPACE},
        {FAIL_OPEN, EROFS, "cannot be written to", STORAGE_ERR_NO_ACCESS},
        {FAIL_OPEN, EACCES, "cannot be written to", STORAGE_ERR_NO_ACCESS},
        {FAIL_WRITE, ENOSPC, "the disk is full", STORAGE_ERR_NO_SPACE},
        {FAIL_WRITE, EIO, "Input/output error", STORAGE_ERR_IO},
        {FAIL_SYNC, EIO, "Input/output error", STORAGE_ERR_IO},
        {FAIL_SYNC, ENOSPC, "the disk is full", STORAGE_ERR_NO_SPACE},
        {FAIL_RENAME, EISDIR, "Is a directory", STORAGE_ERR_IO},
        {FAIL_RENAME, EACCES, "cannot replace", STORAGE_ERR_NO_ACCESS},
        {FAIL_RENAME, EXDEV, "cannot replace", STORAGE_ERR_IO},
    };
    char path[1024], settings[1024], autosave[1024], save[1024];
    assert_int_equal(storage_path(&f->st, "saves/kept.gomoku", save, sizeof save), STORAGE_OK);
    assert_int_equal(storage_path(&f->st, STORAGE_SETTINGS_FILE, settings, sizeof settings),
                     STORAGE_OK);
    assert_int_equal(storage_path(&f->st, STORAGE_AUTOSAVE_FILE, autosave, sizeof autosave),
                     STORAGE_OK);
    assert_int_equal(storage_path(&f->st, "file.txt", path, sizeof path), STORAGE_OK);
    Record r = sample_record(6);
    Settings s;
    settings_defaults(&s);
    storage_os_set_calls(&FAKE_CALLS);
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const char *old = "the old contents\n";
        write_raw(path, old);
        write_raw(save, old);
        write_raw(settings, old);
        write_raw(autosave, old);
        fail_at = CASES[i].at;
        fail_errno = CASES[i].err;
        char err[1024] = "";
        char big[20000];
        memset(big, 'x', sizeof big);
        assert_int_equal(storage_write_atomic(path, big, sizeof big, err, sizeof err), CASES[i].st);
        if (strstr(err, CASES[i].says) == NULL || strstr(err, "file.txt") == NULL) {
            print_error("case %zu: '%s'\n", i, err);
        }
        assert_non_null(strstr(err, CASES[i].says));
        assert_non_null(strstr(err, "file.txt"));
        /* The game's own files, through the functions that write them. */
        assert_int_equal(storage_save_game(&f->st, "kept", &r, err, sizeof err), CASES[i].st);
        assert_non_null(strstr(err, "kept.gomoku"));
        assert_int_equal(storage_autosave_write(&f->st, &r, err, sizeof err), CASES[i].st);
        assert_non_null(strstr(err, "autosave.gomoku"));
        assert_int_equal(settings_save(&f->st, &s, NULL, err, sizeof err), SETTINGS_ERR_IO);
        assert_non_null(strstr(err, "settings.ini"));
        fail_at = FAIL_NONE;
        assert_string_equal(read_raw(path), old);
        assert_string_equal(read_raw(save), old);
        assert_string_equal(read_raw(settings), old);
        assert_string_equal(read_raw(autosave), old);
        assert_int_equal(count_matching(f->st.dir, ".tmp-"), 0);
        char saves[1024];
        assert_int_equal(storage_path(&f->st, "saves", saves, sizeof saves), STORAGE_OK);
        assert_int_equal(count_matching(saves, ".tmp-"), 0);
    }
    /* A folder that cannot be made says so. */
    fail_at = FAIL_MKDIR;
    fail_errno = EACCES;
    char dir[1024], err[1024];
    snprintf(dir, sizeof dir, "%s/not-made", f->root);
    Storage other;
    assert_int_equal(storage_init(&other, dir, err, sizeof err), STORAGE_ERR_IO);
    assert_non_null(strstr(err, "cannot create the data folder"));
    assert_non_null(strstr(err, "not-made"));
    fail_at = FAIL_NONE;
    storage_os_set_calls(NULL);
    /* With the system's calls again, all is well. */
    assert_int_equal(storage_write_atomic(path, "new", 3, err, sizeof err), STORAGE_OK);
    assert_string_equal(read_raw(path), "new");
}

/* Issue 11: an autosave path that is a folder is reported, not ignored. */
static void test_folder_in_the_way(void **state)
{
    Fixture *f = *state;
    char path[1024], err[1024];
    assert_int_equal(storage_path(&f->st, STORAGE_AUTOSAVE_FILE, path, sizeof path), STORAGE_OK);
    assert_int_equal(mkdir(path, 0755), 0);
    Record r = sample_record(4);
    assert_int_equal(storage_autosave_load(&f->st, &r, err, sizeof err), STORAGE_ERR_FOLDER);
    assert_non_null(strstr(err, "is a folder, not a file"));
    assert_int_equal(storage_autosave_write(&f->st, &r, err, sizeof err), STORAGE_ERR_FOLDER);
    assert_non_null(strstr(err, "a folder of that name is in the way"));
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
}

/* ---- what interrupted writes leave ---------------------------------------- */

/* The id of a process that has just ended. */
static pid_t dead_pid(void)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        _exit(0);
    }
    assert_int_equal(waitpid(pid, NULL, 0), pid);
    return pid;
}

/* Issue 11: the start removes the temporary files interrupted writes left
 * (181 of them after 500 kills), and only those: ours, whose writer is
 * gone or which are an hour old; never another instance's write in
 * progress, nor anything that is not ours. */
static void test_start_cleans_temp_files(void **state)
{
    Fixture *f = *state;
    unsigned long dead = (unsigned long)dead_pid(), me = (unsigned long)getpid();
    unsigned long parent = (unsigned long)getppid();
    char exports[1024];
    snprintf(exports, sizeof exports, "%s", f->st.exports);
    char docs[1024];
    snprintf(docs, sizeof docs, "%s/documents", f->root);
    assert_int_equal(mkdir(docs, 0755) == 0 || errno == EEXIST, 1);
    assert_int_equal(mkdir(f->st.exports, 0755) == 0 || errno == EEXIST, 1);
    static const struct {
        const char *dir;  /* "" data folder, "saves", "exports" */
        const char *pre;  /* the name: pre, the process id, post */
        const char *post; /* NULL: no process id in the name */
        int who;          /* 0 dead, 1 this process, 2 the parent (alive) */
        bool old;         /* two hours old */
        bool gone;        /* removed */
    } FILES[] = {
        {"saves", "a.gomoku.tmp-", "-1-65f00000", 0, false, true},
        {"", "autosave.gomoku.tmp-", "-2-65f00000", 0, false, true},
        {"", "settings.ini.tmp-", "-3-abc", 0, false, true},
        {"exports", "x.psq.tmp-", "-1-1", 0, false, true},
        {"", "game.PSQ.tmp-", "-1-1", 0, false, true},
        {"saves", "b.gomoku.tmp-", "-1-1", 1, false, false},
        {"saves", "c.gomoku.tmp-", "-1-1", 2, false, false},
        {"saves", "d.gomoku.tmp-", "-1-1", 2, true, true},
        {"", "notes.txt.tmp-", "-1-1", 0, true, false},
        {"saves", "e.gomoku.tmp-", "", 0, true, false},
        {"saves", "f.gomoku.tmp-", "-1-xyz", 0, true, false},
        {"saves", "g.gomoku.corrupt-1", NULL, 0, true, false},
        {"saves", "h.gomoku", NULL, 0, true, false},
    };
    char paths[sizeof FILES / sizeof FILES[0]][1200];
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; i++) {
        char name[128];
        unsigned long pid = FILES[i].who == 0 ? dead : FILES[i].who == 1 ? me : parent;
        if (FILES[i].post != NULL) {
            snprintf(name, sizeof name, "%s%lu%s", FILES[i].pre, pid, FILES[i].post);
        } else {
            snprintf(name, sizeof name, "%s", FILES[i].pre);
        }
        const char *dir = FILES[i].dir[0] == '\0'                ? f->st.dir
                          : strcmp(FILES[i].dir, "exports") == 0 ? exports
                                                                 : NULL;
        if (dir == NULL) {
            snprintf(paths[i], sizeof paths[i], "%s/saves/%s", f->st.dir, name);
        } else {
            snprintf(paths[i], sizeof paths[i], "%s/%s", dir, name);
        }
        write_raw(paths[i], "half a file");
        if (FILES[i].old) {
            set_mtime(paths[i], time(NULL) - 2 * 3600);
        }
    }
    int removed = 0;
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; i++) {
        removed += FILES[i].gone ? 1 : 0;
    }
    assert_int_equal(storage_clean_temp(&f->st), removed);
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; i++) {
        if (storage_file_exists(paths[i]) == FILES[i].gone) {
            print_error("%s: %s\n", paths[i], FILES[i].gone ? "kept" : "removed");
        }
        assert_int_equal(storage_file_exists(paths[i]), !FILES[i].gone);
    }
    /* storage_init is what the start calls: it cleans too. */
    write_raw(paths[0], "half a file");
    Storage again;
    char err[512];
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", f->st.dir);
    assert_int_equal(storage_init(&again, dir, err, sizeof err), STORAGE_OK);
    assert_false(storage_file_exists(paths[0]));
}

/* ---- writing off the UI thread ---------------------------------------------- */

static SDL_sem *sync_gate;        /* fake_slow_sync waits here */
static SDL_atomic_t sync_entered; /* ...and counts who came */
static SDL_threadID caller;       /* the test's thread, which gives the jobs */
static SDL_atomic_t caller_syncs; /* flushes asked for on it */

static int fake_slow_sync(intptr_t h)
{
    if (SDL_ThreadID() == caller) {
        /* Counted, not held: held, the test would wait for itself. */
        SDL_AtomicAdd(&caller_syncs, 1);
        return storage_os_system_calls()->sync(h);
    }
    SDL_AtomicAdd(&sync_entered, 1);
    SDL_SemWait(sync_gate);
    return storage_os_system_calls()->sync(h);
}

/* Issue 11: the writer queues and returns at once, however long the disk
 * takes; the newest contents of a file replace a write not yet started;
 * the results come back in order. */
static void test_writer_never_waits_for_the_disk(void **state)
{
    Fixture *f = *state;
    char path[1024], other[1024], err[256];
    assert_int_equal(storage_path(&f->st, STORAGE_AUTOSAVE_FILE, path, sizeof path), STORAGE_OK);
    assert_int_equal(storage_path(&f->st, "saves/x.gomoku", other, sizeof other), STORAGE_OK);
    sync_gate = SDL_CreateSemaphore(0);
    assert_non_null(sync_gate);
    StorageOsCalls slow = *storage_os_system_calls();
    slow.sync = fake_slow_sync;
    storage_os_set_calls(&slow);
    StorageWriter *w = storage_writer_new(true, err, sizeof err);
    assert_non_null(w);
    /* The disk holds the first write: every later call still returns. */
    SDL_AtomicSet(&sync_entered, 0);
    SDL_AtomicSet(&caller_syncs, 0);
    caller = SDL_ThreadID();
    for (int i = 0; i < 5; i++) {
        char *data = SDL_strdup(i == 4 ? "newest" : "older");
        assert_int_equal(storage_writer_write(w, path, data, strlen(data), 7, true), STORAGE_OK);
        assert_int_equal(SDL_AtomicGet(&caller_syncs), 0); /* not written by the caller */
        while (i == 0 && SDL_AtomicGet(&sync_entered) == 0) {
            SDL_Delay(1); /* the first is under way, so the next ones wait */
        }
    }
    char *data = SDL_strdup("a save");
    assert_int_equal(storage_writer_write(w, other, data, strlen(data), 8, false), STORAGE_OK);
    assert_true(storage_writer_busy(w));
    StorageResult r;
    assert_false(storage_writer_poll(w, &r));
    for (int i = 0; i < 3; i++) {
        SDL_SemPost(sync_gate); /* the first, the newest, the save */
    }
    storage_writer_wait(w);
    assert_false(storage_writer_busy(w));
    storage_os_set_calls(NULL);
    assert_string_equal(read_raw(path), "newest");
    assert_string_equal(read_raw(other), "a save");
    int tags[4], n = 0;
    while (storage_writer_poll(w, &r)) {
        assert_int_equal(r.status, STORAGE_OK);
        assert_true(n < 4);
        tags[n++] = r.tag;
        free(r.data);
    }
    /* The first (started), the newest (replacing three), then the save. */
    assert_int_equal(n, 3);
    assert_int_equal(tags[0], 7);
    assert_int_equal(tags[1], 7);
    assert_int_equal(tags[2], 8);
    /* A removal, and a failure reported with its reason. */
    assert_int_equal(storage_writer_remove(w, path, 9), STORAGE_OK);
    char dirpath[1024];
    assert_int_equal(storage_path(&f->st, "saves", dirpath, sizeof dirpath), STORAGE_OK);
    data = SDL_strdup("x");
    assert_int_equal(storage_writer_write(w, dirpath, data, 1, 10, false), STORAGE_OK);
    storage_writer_wait(w);
    assert_true(storage_writer_poll(w, &r));
    assert_int_equal(r.tag, 9);
    assert_int_equal(r.status, STORAGE_OK);
    assert_false(storage_file_exists(path));
    assert_true(storage_writer_poll(w, &r));
    assert_int_equal(r.tag, 10);
    assert_int_equal(r.status, STORAGE_ERR_FOLDER);
    assert_non_null(strstr(r.err, "in the way"));
    free(r.data);
    storage_writer_free(w);
    SDL_DestroySemaphore(sync_gate);
    /* Without a thread, each job is done when given. */
    w = storage_writer_new(false, err, sizeof err);
    data = SDL_strdup("at once");
    assert_int_equal(storage_writer_write(w, path, data, strlen(data), 1, true), STORAGE_OK);
    assert_string_equal(read_raw(path), "at once");
    assert_true(storage_writer_poll(w, &r));
    free(r.data);
    storage_writer_free(w);
}

/* ---- settings ---------------------------------------------------------- */

static void test_settings_roundtrip_and_missing(void **state)
{
    Fixture *f = *state;
    char msg[512];
    Settings s;
    assert_int_equal(settings_load(&f->st, &s, NULL, msg, sizeof msg), SETTINGS_MISSING);
    Settings d;
    settings_defaults(&d);
    assert_true(settings_equal(&s, &d));

    s.size = 19;
    s.k = 5;
    s.rule = RULE_RENJU;
    s.mode = MODE_COMPUTER_BLACK;
    s.preset = AI_PRESET_MASTER;
    s.window_w = 1920;
    s.window_h = 1080;
    s.has_position = true;
    s.window_x = -40;
    s.window_y = 25;
    s.maximized = true;
    s.fullscreen = false;
    snprintf(s.language, sizeof s.language, "zh");
    s.sound = false;
    s.move_numbers = true;
    s.coordinates = false;
    s.analysis = true;
    s.forbidden_marks = false;
    s.clock = true;
    s.clock_minutes = 25;
    s.custom = true;
    s.custom_depth = 9;
    s.custom_breadth = 5;
    s.custom_time_ms = 700;
    s.custom_threads = 2;
    assert_int_equal(settings_save(&f->st, &s, NULL, msg, sizeof msg), SETTINGS_OK);
    Settings back;
    assert_int_equal(settings_load(&f->st, &back, NULL, msg, sizeof msg), SETTINGS_OK);
    assert_string_equal(msg, "");
    assert_true(settings_equal(&s, &back));
    assert_false(settings_equal(&d, &back));
    assert_int_equal(count_matching(f->st.dir, ".tmp"), 0);

    MenuOptions mo = menu_options_from_settings(&back);
    assert_int_equal(mo.size, 19);
    assert_int_equal(mo.rule, RULE_RENJU);
    assert_int_equal(mo.mode, MODE_COMPUTER_BLACK);
    assert_int_equal(mo.preset, AI_PRESET_MASTER);
    /* The Custom AI is remembered with its four limits. */
    assert_true(mo.custom);
    assert_int_equal(mo.custom_ai.depth, 9);
    assert_int_equal(mo.custom_ai.breadth, 5);
    assert_int_equal(mo.custom_ai.time_ms, 700);
    assert_int_equal(mo.custom_ai.threads, 2);
    mo.size = 11;
    menu_options_to_settings(&mo, &back);
    assert_int_equal(back.size, 11);
}

static void test_settings_garbage_gives_defaults_and_keeps_file(void **state)
{
    Fixture *f = *state;
    char path[1024];
    assert_int_equal(storage_path(&f->st, STORAGE_SETTINGS_FILE, path, sizeof path), STORAGE_OK);
    Settings d;
    settings_defaults(&d);
    static const struct {
        const char *text;
        const char *why;
    } cases[] = {
        {"\x89PNG\r\n\x1a\n\x00\x00", "line 1 is not valid UTF-8"},
        {"gomoku-settings 1\nsize = 19\n\x01\x02\n", "line 3 contains binary data"},
        {"gomoku-settings 1\nsize = 19\nsound = of", "cut off"},
        {"size = 19\n", "expected 'gomoku-settings 1'"},
        {"gomoku-settings 1\nsize 19\n", "line 2 is not 'key = value'"},
        {"gomoku-settings 1\nname = \xff\xfe\n", "not valid UTF-8"},
        {"# only a comment\n", "no 'gomoku-settings' line"},
        {"", "empty"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        write_raw(path, cases[i].text);
        Settings s;
        s.size = 7;
        char msg[512];
        SettingsStatus st = settings_load(&f->st, &s, NULL, msg, sizeof msg);
        if (st != SETTINGS_CORRUPT || strstr(msg, cases[i].why) == NULL) {
            print_error("case %zu: status %d, message '%s'\n", i, (int)st, msg);
        }
        assert_int_equal(st, SETTINGS_CORRUPT);
        assert_non_null(strstr(msg, cases[i].why));
        assert_non_null(strstr(msg, "using the default settings"));
        assert_true(settings_equal(&s, &d));
        /* Loading never writes. */
        assert_string_equal(read_raw(path), cases[i].text);
    }
}

static void test_settings_lenient_per_key(void **state)
{
    (void)state;
    const char *text = "gomoku-settings 1\n"
                       "size = 40\n" /* out of range: default 15 */
                       "k = 4\n"
                       "rule = renju\n" /* renju with k 4: freestyle */
                       "level = HARD   # comment\n"
                       "sound = maybe\n" /* bad boolean: default on */
                       "analysis = yes\n"
                       "colour-scheme = dark\n" /* unknown: ignored */
                       "window-x = 10\n"        /* without window-y: no position */
                       "language = fr\n"
                       "clock-minutes = 0\n";
    Settings s;
    char msg[1024];
    assert_int_equal(settings_parse(text, strlen(text), &s, msg, sizeof msg), SETTINGS_WARNINGS);
    assert_int_equal(s.size, 15);
    assert_int_equal(s.k, 4);
    assert_int_equal(s.rule, RULE_FREESTYLE);
    assert_int_equal(s.preset, AI_PRESET_HARD);
    assert_true(s.sound);
    assert_true(s.analysis);
    assert_false(s.has_position);
    assert_string_equal(s.language, "");
    assert_int_equal(s.clock_minutes, 10);
    assert_non_null(strstr(msg, "line 2: size '40' is not valid"));
    assert_non_null(strstr(msg, "line 6: sound 'maybe'"));
    assert_non_null(strstr(msg, "renju needs five"));
    assert_null(strstr(msg, "colour"));

    const char *clean = "gomoku-settings 1\nunknown-key = 1\nsound = off\n";
    assert_int_equal(settings_parse(clean, strlen(clean), &s, msg, sizeof msg), SETTINGS_OK);
    assert_false(s.sound);
    assert_string_equal(msg, "");

    /* Whatever a Settings holds, the formatter writes a file that parses
     * back cleanly. */
    Settings bad;
    settings_defaults(&bad);
    bad.size = 1000;
    bad.mode = (PlayerMode)77;
    bad.window_w = -5;
    snprintf(bad.language, sizeof bad.language, "xx");
    size_t len;
    char *out = settings_format(&bad, &len);
    assert_non_null(out);
    assert_int_equal(settings_parse(out, len, &s, msg, sizeof msg), SETTINGS_OK);
    Settings d;
    settings_defaults(&d);
    assert_true(settings_equal(&s, &d));
    free(out);

    /* Garbage of every kind never crashes and always yields valid values. */
    uint32_t seed = 99;
    char buf[300];
    for (int it = 0; it < 2000; it++) {
        size_t n = 0;
        if (it % 2 == 0) {
            n = (size_t)snprintf(buf, sizeof buf, "gomoku-settings 1\n");
        }
        size_t target = n + (seed >> 20) % 200;
        while (n < target && n < sizeof buf) {
            seed = seed * 1103515245u + 12345u;
            static const char alpha[] = "=sizekrulemodelevelwindow-xyon off19\n -#";
            buf[n++] = it % 3 == 0 ? (char)(seed >> 16) : alpha[(seed >> 16) % (sizeof alpha - 1)];
        }
        char *heap = malloc(n == 0 ? 1 : n);
        assert_non_null(heap);
        memcpy(heap, buf, n);
        SettingsStatus st = settings_parse(heap, n, &s, msg, sizeof msg);
        free(heap);
        assert_true(st == SETTINGS_OK || st == SETTINGS_WARNINGS || st == SETTINGS_CORRUPT);
        Settings copy = s;
        assert_int_equal(settings_sanitize(&copy), 0);
    }
}

/* Replaces the first from in text with to (into a static buffer). */
static const char *replaced(const char *text, const char *from, const char *to)
{
    static char buf[4096];
    const char *at = strstr(text, from);
    assert_non_null(at);
    snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return buf;
}

static ino_t inode_of(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return st.st_ino;
}

/* Issue 11: settings.ini is written only when a setting changed, and then
 * only the lines of what changed: the player's comments, a newer game's
 * keys, "language = system" and a value that could not be read (until the
 * player sets that setting) stay as they were. */
static void test_settings_written_only_where_changed(void **state)
{
    Fixture *f = *state;
    char path[1024], msg[1024];
    assert_int_equal(storage_path(&f->st, STORAGE_SETTINGS_FILE, path, sizeof path), STORAGE_OK);
    const char *text = "# my settings\n"
                       "; kept by hand\n"
                       "gomoku-settings 1\n"
                       "size = 40   # a typo\n"
                       "language = system\n"
                       "colour-scheme = dark\n"
                       "sound = on  # I like it\n"
                       "k = 5\n";
    write_raw(path, text);
    SettingsFile file = {0};
    Settings s;
    assert_int_equal(settings_load(&f->st, &s, &file, msg, sizeof msg), SETTINGS_WARNINGS);
    assert_non_null(strstr(msg, "line 4: size '40' is not valid"));
    assert_int_equal(s.size, 15);
    assert_string_equal(s.language, "");

    /* Nothing changed: nothing is written (the file is the same file). */
    size_t len = 0;
    bool aside = true;
    assert_null(settings_text_for(&file, &s, &len, &aside));
    assert_false(aside);
    ino_t ino = inode_of(path);
    assert_int_equal(settings_save(&f->st, &s, &file, msg, sizeof msg), SETTINGS_OK);
    assert_int_equal(inode_of(path), ino);
    assert_string_equal(read_raw(path), text);

    /* One setting changed: its line, and nothing else. */
    s.sound = false;
    assert_int_equal(settings_save(&f->st, &s, &file, msg, sizeof msg), SETTINGS_OK);
    char want[4096];
    snprintf(want, sizeof want, "%s", replaced(text, "sound = on", "sound = off"));
    assert_string_equal(read_raw(path), want);
    Settings back;
    assert_int_equal(settings_load(&f->st, &back, NULL, msg, sizeof msg), SETTINGS_WARNINGS);
    assert_false(back.sound);
    assert_int_equal(back.size, 15); /* the typo is still the player's to fix */

    /* The player sets the size: the line that could not be read gets it. */
    snprintf(want, sizeof want, "%s", replaced(read_raw(path), "size = 40", "size = 13"));
    s.size = 13;
    assert_int_equal(settings_save(&f->st, &s, &file, msg, sizeof msg), SETTINGS_OK);
    assert_string_equal(read_raw(path), want);
    /* A setting the file lacks is added at the end. */
    s.clock = true;
    assert_int_equal(settings_save(&f->st, &s, &file, msg, sizeof msg), SETTINGS_OK);
    strcat(want, "clock = on\n");
    assert_string_equal(read_raw(path), want);
    assert_int_equal(settings_load(&f->st, &back, NULL, msg, sizeof msg), SETTINGS_OK);
    assert_true(settings_equal(&back, &s));
    settings_file_free(&file);

    /* Windows line ends and a byte-order mark stay, and an added line
     * takes the file's line end. */
    const char *crlf = "\xef\xbb\xbfgomoku-settings 1\r\nsound = on\r\n";
    write_raw(path, crlf);
    assert_int_equal(settings_load(&f->st, &s, &file, msg, sizeof msg), SETTINGS_OK);
    s.sound = false;
    s.analysis = true;
    assert_int_equal(settings_save(&f->st, &s, &file, msg, sizeof msg), SETTINGS_OK);
    assert_string_equal(read_raw(path), "\xef\xbb\xbfgomoku-settings 1\r\nsound = off\r\n"
                                        "analysis = on\r\n");
    settings_file_free(&file);
}

/* Issue 11: a settings file from a newer version is read as far as this
 * version understands it and never written; nor is one that could not be
 * read at all. */
static void test_settings_newer_or_unreadable_never_written(void **state)
{
    Fixture *f = *state;
    char path[1024], msg[1024];
    assert_int_equal(storage_path(&f->st, STORAGE_SETTINGS_FILE, path, sizeof path), STORAGE_OK);
    static const char *const NEWER[] = {"gomoku-settings 2\nsize = 17\ntheme = dark\n",
                                        "gomoku-settings 1\nversion = 2\nsize = 17\n"};
    for (int i = 0; i < 2; i++) {
        write_raw(path, NEWER[i]);
        SettingsFile file = {0};
        Settings s;
        assert_int_equal(settings_load(&f->st, &s, &file, msg, sizeof msg), SETTINGS_NEWER);
        assert_non_null(strstr(msg, "newer version of Gomoku (settings version 2)"));
        assert_int_equal(s.size, 17);
        s.sound = false;
        size_t len;
        bool aside;
        assert_null(settings_text_for(&file, &s, &len, &aside));
        assert_int_equal(settings_save(&f->st, &s, &file, msg, sizeof msg), SETTINGS_NEWER);
        assert_string_equal(read_raw(path), NEWER[i]);
        settings_file_free(&file);
    }
    /* A folder where the file should be. */
    unlink(path);
    assert_int_equal(mkdir(path, 0755), 0);
    SettingsFile file = {0};
    Settings s;
    assert_int_equal(settings_load(&f->st, &s, &file, msg, sizeof msg), SETTINGS_ERR_IO);
    assert_non_null(strstr(msg, "is a folder"));
    s.sound = false;
    assert_int_equal(settings_save(&f->st, &s, &file, msg, sizeof msg), SETTINGS_ERR_IO);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    settings_file_free(&file);
    rmdir(path);
}

/* Issue 11: a damaged settings file is never written over: the first save
 * keeps it as settings.ini.corrupt-1, and writes a new one. */
static void test_settings_damaged_kept_aside(void **state)
{
    Fixture *f = *state;
    char path[1024], aside[1100], msg[1024];
    assert_int_equal(storage_path(&f->st, STORAGE_SETTINGS_FILE, path, sizeof path), STORAGE_OK);
    snprintf(aside, sizeof aside, "%s.corrupt-1", path);
    const char *junk = "gomoku-settings 1\nsize = 19\nthis is no key value line\n";
    write_raw(path, junk);
    SettingsFile file = {0};
    Settings s;
    assert_int_equal(settings_load(&f->st, &s, &file, msg, sizeof msg), SETTINGS_CORRUPT);
    s.sound = false;
    assert_int_equal(settings_save(&f->st, &s, &file, msg, sizeof msg), SETTINGS_OK);
    assert_string_equal(read_raw(aside), junk);
    Settings back;
    assert_int_equal(settings_load(&f->st, &back, NULL, msg, sizeof msg), SETTINGS_OK);
    assert_true(settings_equal(&back, &s));
    /* From then on it is a file like any other: no second copy. */
    s.analysis = true;
    assert_int_equal(settings_save(&f->st, &s, &file, msg, sizeof msg), SETTINGS_OK);
    assert_int_equal(count_matching(f->st.dir, ".corrupt-"), 1);
    settings_file_free(&file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_init_creates_folders, setup, teardown),
        cmocka_unit_test_setup_teardown(test_atomic_write_replaces_and_leaves_no_litter, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_atomic_write_failure_keeps_old_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_file_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_save_load_delete_and_names, setup, teardown),
        cmocka_unit_test_setup_teardown(test_list_order, setup, teardown),
        cmocka_unit_test(test_name_problems),
        cmocka_unit_test_setup_teardown(test_list_games_with_psq, setup, teardown),
        cmocka_unit_test(test_user_dirs),
        cmocka_unit_test_setup_teardown(test_exports_folder, setup, teardown),
        cmocka_unit_test(test_file_url),
        cmocka_unit_test_setup_teardown(test_autosave_and_corrupt_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_load_and_save_paths, setup, teardown),
        cmocka_unit_test_setup_teardown(test_suggest_name, setup, teardown),
        cmocka_unit_test_setup_teardown(test_write_failures_keep_the_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_folder_in_the_way, setup, teardown),
        cmocka_unit_test_setup_teardown(test_start_cleans_temp_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_writer_never_waits_for_the_disk, setup, teardown),
        cmocka_unit_test_setup_teardown(test_settings_roundtrip_and_missing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_settings_garbage_gives_defaults_and_keeps_file, setup,
                                        teardown),
        cmocka_unit_test(test_settings_lenient_per_key),
        cmocka_unit_test_setup_teardown(test_settings_written_only_where_changed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_settings_newer_or_unreadable_never_written, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_settings_damaged_kept_aside, setup, teardown),
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
