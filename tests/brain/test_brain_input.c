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
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#ifdef _WIN32
#include <windows.h>
#else
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
    /* B, cut off by end of input, reaches the filter only when "A" was not
     * taken yet (see test_cut_off_line_*). */
    assert_true(seen.lines == 1 || seen.lines == 2);
    assert_int_equal(seen.eof, 1);
}

/* ---- hostile input ---------------------------------------------------------- */

/* Bytes handed out a few at a time (NULs included). */
typedef struct Bytes {
    const char *p;
    size_t n, at, step;
} Bytes;

static int bytes_read(void *ctx, char *buf, int cap)
{
    Bytes *b = ctx;
    size_t n = b->n - b->at;

    n = n < b->step ? n : b->step;
    n = n < (size_t)cap ? n : (size_t)cap;
    memcpy(buf, b->p + b->at, n);
    b->at += n;
    return (int)n;
}

/* A line holding a NUL byte is one item of its own and never reaches the
 * filter: the lines around it keep their place, "END\0" is not END, and
 * nothing after it is lost or made up (the queue used to split records
 * at the NUL and then read past its end). */
static void test_nul_bytes_keep_the_queue_in_step(void **state)
{
    static const char input[] = "START 15\r\nab\0cd\r\nEN"
                                "D\0\nABOUT\r\n\0\n\0\0\0\nTURN 1,2\nSTOP\0\n\0QUIT\nlast\n";
    char buf[BRAIN_INPUT_LINE_MAX + 1];
    Seen seen = {0, 0, 0};

    (void)state;
    for (size_t step = 1; step <= sizeof input; step += 3) {
        Bytes b = {input, sizeof input - 1, 0, step};
        BrainInput *in;

        /* Cleared before the reader starts: it calls the filter at once. */
        memset(&seen, 0, sizeof seen);
        in = brain_input_start(bytes_read, &b, test_filter, &seen);
        assert_non_null(in);
        expect_line(in, "START 15");
        assert_int_equal(brain_input_next(in, buf, sizeof buf), BRAIN_INPUT_NUL);
        assert_string_equal(buf, "");
        assert_int_equal(brain_input_next(in, buf, sizeof buf), BRAIN_INPUT_NUL);
        expect_line(in, "ABOUT");
        assert_int_equal(brain_input_next(in, buf, sizeof buf), BRAIN_INPUT_NUL);
        assert_int_equal(brain_input_next(in, buf, sizeof buf), BRAIN_INPUT_NUL);
        expect_line(in, "TURN 1,2");
        assert_int_equal(brain_input_next(in, buf, sizeof buf), BRAIN_INPUT_NUL);
        assert_int_equal(brain_input_next(in, buf, sizeof buf), BRAIN_INPUT_NUL);
        expect_line(in, "last");
        expect_eof(in);
        expect_eof(in);
        brain_input_stop(in);
        /* The filter saw the three clean lines and "last", nothing else. */
        assert_int_equal(seen.lines, 4);
        assert_int_equal(seen.stops, 0);
    }
}

/* What the filter saw, read from the test's thread while the reader runs. */
typedef struct Watch {
    atomic_int lines;
    atomic_int stops;
    atomic_int eof;
} Watch;

static void watch_init(Watch *w)
{
    atomic_init(&w->lines, 0);
    atomic_init(&w->stops, 0);
    atomic_init(&w->eof, 0);
}

static unsigned watch_filter(const char *line, void *user)
{
    Watch *w = user;

    if (line == NULL) {
        atomic_fetch_add(&w->eof, 1);
        return 0;
    }
    atomic_fetch_add(&w->lines, 1);
    if (strcmp(line, "STOP") == 0) {
        atomic_fetch_add(&w->stops, 1);
        return BRAIN_INPUT_TAKEN;
    }
    return 0;
}

static void nap_ms(int ms)
{
#ifdef _WIN32
    Sleep((DWORD)ms);
#else
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000};
    nanosleep(&t, NULL);
#endif
}

/* Waits up to 10 s (a bound only a reader that never gets there misses)
 * for *v to reach want. */
static bool wait_for(atomic_int *v, int want)
{
    for (int i = 0; i < 10000 && atomic_load(v) < want; i++) {
        nap_ms(1);
    }
    return atomic_load(v) >= want;
}

/* total lines of filler ("garbage N", or of `width` bytes when width > 0),
 * then last (when not NULL), then end of input. */
typedef struct Flood2 {
    int sent, total, width;
    const char *last;
    atomic_llong bytes; /* handed out so far */
} Flood2;

static int flood2_read(void *ctx, char *buf, int cap)
{
    Flood2 *f = ctx;
    int n = 0;

    while (f->sent < f->total && n + 1040 <= cap) {
        if (f->width > 0) {
            memset(buf + n, 'g', (size_t)f->width - 1);
            n += f->width;
            buf[n - 1] = '\n';
        } else {
            n += snprintf(buf + n, (size_t)(cap - n), "garbage %d\n", f->sent);
        }
        f->sent++;
    }
    if (n == 0 && f->last != NULL) {
        n = snprintf(buf, (size_t)cap, "%s", f->last);
        f->last = NULL;
    }
    atomic_fetch_add(&f->bytes, n);
    return n;
}

/* STOP behind far more than the first 64 KB of queue, while nothing is
 * taken (the brain searching): the reader keeps reading, so STOP reaches
 * the filter at once; then every line comes out, in order. */
static void test_stop_behind_a_flood_reaches_the_filter(void **state)
{
    Flood2 f = {0, 40000, 0, "STOP\n", 0}; /* about 600 KB */
    Watch w;
    BrainInput *in;
    char want[32];

    (void)state;
    watch_init(&w);
    atomic_init(&f.bytes, 0);
    in = brain_input_start(flood2_read, &f, watch_filter, &w);
    assert_non_null(in);
    assert_true(wait_for(&w.stops, 1));
    for (int i = 0; i < f.total; i++) {
        snprintf(want, sizeof want, "garbage %d", i);
        expect_line(in, want);
    }
    expect_eof(in);
    brain_input_stop(in);
    assert_int_equal(atomic_load(&w.lines), f.total + 1);
}

/* Past BRAIN_INPUT_QUEUE_MAX the reader waits for room instead of
 * growing: memory stays bounded, and still nothing is lost. */
static void test_queue_growth_is_bounded(void **state)
{
    Flood2 f = {0, 20000, 1000, NULL, 0}; /* 20 MB of 999-byte lines */
    BrainInput *in;
    char buf[BRAIN_INPUT_LINE_MAX + 1];
    long long held;

    (void)state;
    atomic_init(&f.bytes, 0);
    in = brain_input_start(flood2_read, &f, NULL, NULL);
    assert_non_null(in);
    for (int i = 0; i < 10000 && atomic_load(&f.bytes) < (long long)BRAIN_INPUT_QUEUE_MAX - 65536;
         i++) {
        nap_ms(1);
    }
    nap_ms(100); /* time to read on, were it to */
    held = atomic_load(&f.bytes);
    /* A record takes a line plus 2 bytes (1001 of them hold 999 bytes of
     * line and 1000 of input); one chunk may be in hand. */
    assert_true(held >= (long long)BRAIN_INPUT_QUEUE_MAX - 65536);
    assert_true(held <= (long long)BRAIN_INPUT_QUEUE_MAX + 8192);
    for (int i = 0; i < f.total; i++) {
        assert_int_equal(brain_input_next(in, buf, sizeof buf), BRAIN_INPUT_LINE);
        assert_int_equal(strlen(buf), 999);
    }
    expect_eof(in);
    brain_input_stop(in);
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

/* A last line that end of input cuts off is judged as of when its bytes
 * came.  Nothing was taken since: the filter acts on it, as it would have
 * on "STOP\n" then. */
static void test_cut_off_line_judged_when_it_came(void **state)
{
#ifdef _WIN32
    (void)state;
    skip();
#else
    int fds[2];
    Watch w;
    BrainInput *in;

    (void)state;
    watch_init(&w);
    assert_int_equal(pipe(fds), 0);
    in = brain_input_start(fd_read, &fds[0], watch_filter, &w);
    assert_non_null(in);
    write_all(fds[1], "A\nSTOP");
    assert_true(wait_for(&w.lines, 1));
    close(fds[1]);
    assert_true(wait_for(&w.eof, 1));
    expect_line(in, "A");
    expect_eof(in);
    brain_input_stop(in);
    close(fds[0]);
    assert_int_equal(atomic_load(&w.stops), 1);
#endif
}

/* The consumer took a line that came with the cut-off one: what it started
 * on came first, so the cut-off line waits its turn, like "STOP\n" in the
 * same chunk would (a final "END" without a newline used to throw away the
 * move being searched for the line before it). */
static void test_cut_off_line_waits_behind_work_begun_since(void **state)
{
#ifdef _WIN32
    (void)state;
    skip();
#else
    int fds[2];
    Watch w;
    BrainInput *in;

    (void)state;
    watch_init(&w);
    assert_int_equal(pipe(fds), 0);
    in = brain_input_start(fd_read, &fds[0], watch_filter, &w);
    assert_non_null(in);
    write_all(fds[1], "A\nSTOP");
    expect_line(in, "A");
    close(fds[1]);
    expect_line(in, "STOP");
    expect_eof(in);
    brain_input_stop(in);
    close(fds[0]);
    assert_int_equal(atomic_load(&w.stops), 0);
#endif
}

/* Inline, nothing is read while the caller is busy: a fixed order. */
static void test_inline_reads_in_the_callers_turn(void **state)
{
    static const char input[] = "A\nSTOP\nx\0y\nB";
    Bytes b = {input, sizeof input - 1, 0, 2};
    Watch w;
    BrainInput *in;
    char buf[16];

    (void)state;
    watch_init(&w);
    in = brain_input_start_inline(bytes_read, &b, watch_filter, &w);
    assert_non_null(in);
    assert_int_equal(b.at, 0);
    expect_line(in, "A");
    assert_int_equal(brain_input_next(in, buf, sizeof buf), BRAIN_INPUT_NUL);
    expect_line(in, "B");
    expect_eof(in);
    brain_input_stop(in);
    assert_int_equal(atomic_load(&w.stops), 1);
}

static void test_null_arguments(void **state)
{
    char buf[8];

    (void)state;
    assert_null(brain_input_start(NULL, NULL, NULL, NULL));
    assert_null(brain_input_start_inline(NULL, NULL, NULL, NULL));
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
        cmocka_unit_test(test_nul_bytes_keep_the_queue_in_step),
        cmocka_unit_test(test_stop_behind_a_flood_reaches_the_filter),
        cmocka_unit_test(test_queue_growth_is_bounded),
        cmocka_unit_test(test_cut_off_line_judged_when_it_came),
        cmocka_unit_test(test_cut_off_line_waits_behind_work_begun_since),
        cmocka_unit_test(test_inline_reads_in_the_callers_turn),
        cmocka_unit_test(test_null_arguments),
        cmocka_unit_test(test_watchdog_keeps_other_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
