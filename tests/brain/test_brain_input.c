/*
 * test_brain_input.c - the input thread: line splitting, the queue's order,
 * the filter that acts on lines at once, end of input, and stopping; plus
 * the watchdog's promise not to overwrite a flag another thread raised.
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* pipe, nanosleep in strict C11 */
#endif

#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#ifndef _WIN32
#include <time.h>
#include <unistd.h>
#endif

#include "brain_input.h"
#include "brain_watchdog.h"

/* ---- a scripted input: chunks handed out one per read ------------------- */

typedef struct Script {
    const char *const *chunks; /* NULL-terminated */
    int next;
    atomic_int reads; /* calls of the read function */
} Script;

static int script_read(void *ctx, char *buf, int cap)
{
    Script *s = ctx;
    const char *c = s->chunks[s->next];
    int n;

    atomic_fetch_add(&s->reads, 1);
    if (c == NULL) {
        return 0;
    }
    s->next++;
    /* No cmocka asserts here: this runs on the input thread. */
    n = (int)strlen(c);
    n = n < cap ? n : cap;
    memcpy(buf, c, (size_t)n);
    return n;
}

static void script_init(Script *s, const char *const *chunks)
{
    s->chunks = chunks;
    s->next = 0;
    atomic_init(&s->reads, 0);
}

/* Takes the next item and checks it is the line want. */
static void expect_line(BrainInput *in, const char *want)
{
    char buf[BRAIN_INPUT_LINE_MAX + 1];
    assert_int_equal(brain_input_next(in, buf, sizeof buf), BRAIN_INPUT_LINE);
    assert_string_equal(buf, want);
}

static void expect_eof(BrainInput *in)
{
    char buf[16];
    assert_int_equal(brain_input_next(in, buf, sizeof buf), BRAIN_INPUT_EOF);
}

/* ---- a filter like the brain's: STOP taken, END taken and last --------- */

typedef struct Seen {
    int lines;
    int eof; /* calls with NULL */
    int stops;
} Seen;

static unsigned test_filter(const char *line, void *user)
{
    Seen *seen = user;

    if (line == NULL) {
        seen->eof++;
        return 0;
    }
    seen->lines++;
    if (strcmp(line, "STOP") == 0) {
        seen->stops++;
        return BRAIN_INPUT_TAKEN;
    }
    if (strcmp(line, "END") == 0) {
        return BRAIN_INPUT_LAST;
    }
    if (strcmp(line, "QUIT") == 0) {
        return BRAIN_INPUT_TAKEN | BRAIN_INPUT_LAST;
    }
    return 0;
}

/* ---- tests ---------------------------------------------------------------- */

static void test_splits_lines_across_chunks(void **state)
{
    static const char *const chunks[] = {"START 15\r\nABO", "UT\r", "\n\nx\n\n\r", "INFO a b",
                                         NULL};
    Script s;
    BrainInput *in;

    (void)state;
    script_init(&s, chunks);
    in = brain_input_start(script_read, &s, NULL, NULL);
    assert_non_null(in);
    expect_line(in, "START 15");
    expect_line(in, "ABOUT");
    expect_line(in, "x");
    /* A last line without a terminator still counts. */
    expect_line(in, "INFO a b");
    expect_eof(in);
    expect_eof(in);
    brain_input_stop(in);
}

static void test_too_long_line(void **state)
{
    static char big[BRAIN_INPUT_LINE_MAX + 40];
    static char exact[BRAIN_INPUT_LINE_MAX + 2];
    static const char *chunks[] = {big, "\nOK\n", exact, "\n", NULL};
    char buf[BRAIN_INPUT_LINE_MAX + 1];
    Script s;
    BrainInput *in;

    (void)state;
    memset(big, 'a', sizeof big - 1);
    memset(exact, 'b', sizeof exact - 2);
    script_init(&s, chunks);
    in = brain_input_start(script_read, &s, NULL, NULL);
    assert_non_null(in);
    assert_int_equal(brain_input_next(in, buf, sizeof buf), BRAIN_INPUT_TOO_LONG);
    expect_line(in, "OK");
    /* BRAIN_INPUT_LINE_MAX characters are still a line. */
    assert_int_equal(brain_input_next(in, buf, sizeof buf), BRAIN_INPUT_LINE);
    assert_int_equal(strlen(buf), BRAIN_INPUT_LINE_MAX);
    expect_eof(in);
    brain_input_stop(in);
}

static void test_filter_takes_lines_and_stops_reading(void **state)
{
    static const char *const chunks[] = {"A\nSTOP\nB\r\nQUIT\nC\n", "D\n", NULL};
    Script s;
    Seen seen = {0, 0, 0};
    BrainInput *in;

    (void)state;
    script_init(&s, chunks);
    in = brain_input_start(script_read, &s, test_filter, &seen);
    assert_non_null(in);
    expect_line(in, "A");
    expect_line(in, "B");
    expect_eof(in);
    brain_input_stop(in);
    /* Nothing after QUIT was looked at or read. */
    assert_int_equal(seen.lines, 4);
    assert_int_equal(seen.stops, 1);
    assert_int_equal(seen.eof, 0);
    assert_int_equal(atomic_load(&s.reads), 1);
}

static void test_last_line_is_queued(void **state)
{
    static const char *const chunks[] = {"A\n", "STOP\nEND\nB\n", "C\n", NULL};
    Script s;
    Seen seen = {0, 0, 0};
    BrainInput *in;

    (void)state;
    script_init(&s, chunks);
    in = brain_input_start(script_read, &s, test_filter, &seen);
    assert_non_null(in);
    expect_line(in, "A");
    expect_line(in, "END");
    expect_eof(in);
    brain_input_stop(in);
    assert_int_equal(seen.stops, 1);
    assert_int_equal(atomic_load(&s.reads), 2);
}

static void test_end_of_input_reaches_the_filter(void **state)
{
    static const char *const chunks[] = {"A\nB", NULL};
    Script s;
    Seen seen = {0, 0, 0};
    BrainInput *in;

    (void)state;
    script_init(&s, chunks);
    in = brain_input_start(script_read, &s, test_filter, &seen);
    assert_non_null(in);
    expect_line(in, "A");
    expect_line(in, "B");
    expect_eof(in);
    brain_input_stop(in);
    assert_int_equal(seen.lines, 2);
    assert_int_equal(seen.eof, 1);
}

/* More input than the ring holds: the reader waits for room, nothing is
 * lost or reordered. */
typedef struct Flood {
    int sent;
    int total;
} Flood;

static int flood_read(void *ctx, char *buf, int cap)
{
    Flood *f = ctx;
    int n = 0;

    while (f->sent < f->total && n + 16 <= cap) {
        n += snprintf(buf + n, (size_t)(cap - n), "line %d\n", f->sent);
        f->sent++;
    }
    return n;
}

static void test_flood_keeps_order(void **state)
{
    Flood fl = {0, 30000}; /* about 300 KB */
    BrainInput *in;
    char want[32];

    (void)state;
    in = brain_input_start(flood_read, &fl, NULL, NULL);
    assert_non_null(in);
    for (int i = 0; i < fl.total; i++) {
        snprintf(want, sizeof want, "line %d", i);
        expect_line(in, want);
    }
    expect_eof(in);
    brain_input_stop(in);
}

#ifndef _WIN32
static int fd_read(void *ctx, char *buf, int cap)
{
    int fd = *(int *)ctx;
    ssize_t n = read(fd, buf, (size_t)cap);
    return n < 0 ? -1 : (int)n;
}

static void write_all(int fd, const char *s)
{
    size_t len = strlen(s);
    assert_int_equal(write(fd, s, len), (ssize_t)len);
}
#endif

/* Lines that arrive one by one through a real pipe, as from a manager. */
static void test_pipe_lines_then_close(void **state)
{
#ifdef _WIN32
    (void)state;
    skip();
#else
    int fds[2];
    BrainInput *in;

    (void)state;
    assert_int_equal(pipe(fds), 0);
    in = brain_input_start(fd_read, &fds[0], NULL, NULL);
    assert_non_null(in);
    write_all(fds[1], "START 15\r\n");
    expect_line(in, "START 15");
    write_all(fds[1], "TURN 1,");
    write_all(fds[1], "2\r\nABOUT\r\n");
    expect_line(in, "TURN 1,2");
    expect_line(in, "ABOUT");
    close(fds[1]);
    expect_eof(in);
    brain_input_stop(in);
    close(fds[0]);
#endif
}

/* Stopping while the reader is blocked in read must not hang. */
static void test_stop_while_reading(void **state)
{
#ifdef _WIN32
    (void)state;
    skip();
#else
    static int fds[2]; /* static: the abandoned reader may use it later */
    BrainInput *in;

    (void)state;
    assert_int_equal(pipe(fds), 0);
    in = brain_input_start(fd_read, &fds[0], NULL, NULL);
    assert_non_null(in);
    write_all(fds[1], "A\n");
    expect_line(in, "A");
    brain_input_stop(in);
    /* The reader wakes up to end of input and frees itself. */
    close(fds[1]);
#endif
}

static void test_null_arguments(void **state)
{
    char buf[8];

    (void)state;
    assert_null(brain_input_start(NULL, NULL, NULL, NULL));
    assert_int_equal(brain_input_next(NULL, buf, sizeof buf), BRAIN_INPUT_EOF);
    brain_input_stop(NULL);
}

/* The watchdog raises 0 to 1, and leaves a flag someone else raised (the
 * brain's END) as it is. */
static void test_watchdog_keeps_other_values(void **state)
{
    atomic_int flag;
    BrainWatchdog *w;

    (void)state;
    atomic_init(&flag, 0);
    w = brain_watchdog_start(&flag, 1);
    assert_non_null(w);
    while (atomic_load(&flag) == 0) {
#ifndef _WIN32
        struct timespec nap = {0, 1000000};
        nanosleep(&nap, NULL);
#endif
    }
    brain_watchdog_stop(w);
    assert_int_equal(atomic_load(&flag), 1);

    atomic_init(&flag, 2);
    w = brain_watchdog_start(&flag, 1);
    assert_non_null(w);
#ifndef _WIN32
    {
        struct timespec nap = {0, 50000000}; /* long past the deadline */
        nanosleep(&nap, NULL);
    }
#endif
    brain_watchdog_stop(w);
    assert_int_equal(atomic_load(&flag), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_splits_lines_across_chunks),
        cmocka_unit_test(test_too_long_line),
        cmocka_unit_test(test_filter_takes_lines_and_stops_reading),
        cmocka_unit_test(test_last_line_is_queued),
        cmocka_unit_test(test_end_of_input_reaches_the_filter),
        cmocka_unit_test(test_flood_keeps_order),
        cmocka_unit_test(test_pipe_lines_then_close),
        cmocka_unit_test(test_stop_while_reading),
        cmocka_unit_test(test_null_arguments),
        cmocka_unit_test(test_watchdog_keeps_other_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
