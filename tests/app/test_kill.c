/*
 * test_kill.c - a save killed at any moment (issue 11).
 *
 * A child process saves a game and the settings in a loop, as fast as the
 * disk lets it, and is killed with SIGKILL after a random delay, a few
 * hundred times.  After each kill the game's files on the disk must each
 * be whole - one version the child wrote from start to end, never a torn
 * mix - and the next start (storage_init) must remove every temporary
 * file the killed writes left, and only those.
 *
 * POSIX only (fork, kill); on Windows the test is a stub that passes.
 * Bounded: at most KILLS kills or KILL_SECONDS seconds, whichever ends
 * first.
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
#include "store/settings.h"
#include "store/storage.h"

#ifndef _WIN32

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define KILLS        300
#define KILL_SECONDS 40
/* The longest a child lives, in microseconds: long enough for a few dozen
 * saves, so kills land before, inside and between them. */
#define KILL_MAX_US 12000

/* The game the child saves as its version n: n moves' worth of the same
 * two diagonals (never five), named after n, with a note that makes the
 * file a few kilobytes. */
static void version_record(Record *r, unsigned n)
{
    record_init(r, 15, (Rules){RULE_FREESTYLE, 5});
    int moves = 1 + (int)(n % 28);
    for (int i = 0; i < moves; i++) {
        int x = i / 2;
        int y = i % 2 == 0 ? (x % 4) : 8 + (x % 4);
        record_add_move(r, (Move){(int8_t)x, (int8_t)y}, (int32_t)(100 * i + (int)n));
    }
    char name[32];
    snprintf(name, sizeof name, "v%u", n);
    record_set_text(r->black.name, name);
    for (unsigned i = 0; i < 30 + n % 30; i++) {
        r->extra_len += snprintf(r->extra + r->extra_len, sizeof r->extra - (size_t)r->extra_len,
                                 "# a note to make the save longer, %u of it\n", i);
    }
    r->extra_head = r->extra_len;
}

/* The settings the child saves as its version n; the window's width
 * says which (n % 16000). */
static void version_settings(Settings *s, unsigned n)
{
    unsigned m = n % 16000;
    settings_defaults(s);
    s->window_w = SETTINGS_MIN_WINDOW + (int)m;
    s->size = SETTINGS_MIN_SIZE + (int)(m % (SETTINGS_MAX_SIZE - SETTINGS_MIN_SIZE + 1));
    s->sound = m % 2 == 0;
}

/* The child: saves versions first, first + 1, ... until killed. */
static void child_saves(const char *dir, unsigned first)
{
    Storage st;
    char err[1024];
    if (storage_init(&st, dir, err, sizeof err) != STORAGE_OK) {
        _exit(2);
    }
    Settings s;
    SettingsFile file = {0};
    (void)settings_load(&st, &s, &file, err, sizeof err);
    Record *r = malloc(sizeof *r);
    if (r == NULL) {
        _exit(2);
    }
    for (unsigned n = first;; n++) {
        version_record(r, n);
        if (storage_save_game(&st, "game", r, err, sizeof err) != STORAGE_OK) {
            _exit(3);
        }
        version_settings(&s, n);
        if (settings_save(&st, &s, &file, err, sizeof err) != SETTINGS_OK) {
            _exit(4);
        }
    }
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    size_t cap = 1 << 20;
    char *buf = malloc(cap);
    assert_non_null(buf);
    *len = fread(buf, 1, cap - 1, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

/* The save on the disk is missing (killed before its first write ended)
 * or exactly one version the child wrote. */
static void check_save(const char *path)
{
    size_t len = 0;
    char *text = slurp(path, &len);
    if (text == NULL) {
        return;
    }
    Record *got = malloc(sizeof *got), *want = malloc(sizeof *want);
    assert_non_null(got);
    assert_non_null(want);
    char err[256];
    if (record_parse(text, len, got, err, sizeof err) != 0) {
        fail_msg("a torn save: %s", err);
    }
    unsigned n = 0;
    assert_int_equal(sscanf(got->black.name, "v%u", &n), 1);
    version_record(want, n);
    size_t wlen = 0;
    char *wtext = record_format(want, &wlen);
    assert_non_null(wtext);
    if (wlen != len || memcmp(wtext, text, len) != 0) {
        fail_msg("the save is not version %u as written", n);
    }
    free(wtext);
    free(got);
    free(want);
    free(text);
}

/* settings.ini is missing or exactly one version the child wrote. */
static void check_settings(const char *path)
{
    size_t len = 0;
    char *text = slurp(path, &len);
    if (text == NULL) {
        return;
    }
    Settings got, want;
    char msg[512];
    SettingsStatus st = settings_parse(text, len, &got, msg, sizeof msg);
    if (st != SETTINGS_OK) {
        fail_msg("torn settings (%d): %s", (int)st, msg);
    }
    version_settings(&want, (unsigned)(got.window_w - SETTINGS_MIN_WINDOW));
    size_t wlen = 0;
    char *wtext = settings_format(&want, &wlen);
    assert_non_null(wtext);
    if (!settings_equal(&got, &want) || wlen != len || memcmp(wtext, text, len) != 0) {
        fail_msg("settings.ini is not one version as written");
    }
    free(wtext);
    free(text);
}

/* Counts the temporary files (".tmp-") in dir. */
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

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void test_killed_saves(void **state)
{
    (void)state;
    char dir[512], saves[600], save[700], ini[600], stranger[700];
    snprintf(dir, sizeof dir, "%s/kill-data", GOMOKU_TEST_TMP);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    Storage st;
    char err[1024];
    assert_int_equal(storage_init(&st, dir, err, sizeof err), STORAGE_OK);
    snprintf(saves, sizeof saves, "%s/saves", dir);
    snprintf(save, sizeof save, "%s/game.gomoku", saves);
    snprintf(ini, sizeof ini, "%s/settings.ini", dir);
    /* Not ours: the start leaves it alone. */
    snprintf(stranger, sizeof stranger, "%s/notes.txt.tmp-1-2-3", saves);
    FILE *f = fopen(stranger, "wb");
    assert_non_null(f);
    fclose(f);

    uint32_t seed = 20261122u;
    unsigned first = 0;
    int kills = 0, left_temp = 0, temp_seen = 0;
    double start = now_s();
    for (; kills < KILLS && now_s() - start < KILL_SECONDS; kills++) {
        seed = seed * 1664525u + 1013904223u;
        long delay_us = (long)((seed >> 8) % KILL_MAX_US);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            child_saves(dir, first);
            _exit(0);
        }
        struct timespec delay = {0, delay_us * 1000L};
        nanosleep(&delay, NULL);
        assert_int_equal(kill(pid, SIGKILL), 0);
        int status = 0;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (!WIFSIGNALED(status)) {
            fail_msg("the saving child stopped by itself (status %d)", status);
        }
        first += 10000; /* every run writes versions of its own */
        check_save(save);
        check_settings(ini);
        int temp = temp_files(saves) + temp_files(dir) - 1; /* less the stranger */
        left_temp += temp > 0;
        temp_seen += temp;
        /* The next start. */
        assert_int_equal(storage_init(&st, dir, err, sizeof err), STORAGE_OK);
        if (temp_files(saves) + temp_files(dir) != 1) {
            fail_msg("after kill %d, %d temporary files outlived the next start", kills,
                     temp_files(saves) + temp_files(dir) - 1);
        }
    }
    assert_true(kills > 50);
    struct stat sb;
    assert_int_equal(stat(stranger, &sb), 0);
    printf("test_kill: %d kills in %.1f s; %d left %d temporary files, all removed at the next "
           "start; every file on the disk was whole\n",
           kills, now_s() - start, left_temp, temp_seen);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_killed_saves)};
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
