/*
 * test_brain_hostile.c - the real pbrain-gomoku against a misbehaving
 * manager: garbage and binary lines (NUL bytes included), a megabyte line,
 * commands out of order, impossible BOARDs and TURNs, STOP and END in the
 * middle of a search and behind megabytes of queued input, end of input
 * at every byte of a session.  The brain must never crash or hang, must
 * answer ERROR with a reason and keep going where the protocol allows,
 * must stop within 100 ms of STOP or END (the requirement; sanitizer
 * builds get BRAIN_TIME_SCALE times that) and must use no CPU while it
 * waits for input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#ifndef _WIN32
#include <sys/wait.h>
#include <time.h>

#include "brain_child.h"
#endif

#ifndef PBRAIN_PATH
#error "PBRAIN_PATH must name the pbrain-gomoku executable"
#endif
#ifndef BRAIN_TIME_SCALE
#define BRAIN_TIME_SCALE 1
#endif

/* The requirement: STOP answered, END obeyed within 100 ms. */
#define STOP_MS (100 * BRAIN_TIME_SCALE)
/* CPU a waiting brain may use in a second (timer ticks, /proc rounding).
 * Not scaled: a brain that waits does nothing, sanitizers or not. */
#define IDLE_CPU_MS 20

#ifndef _WIN32

static void nap_ms(int ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000};
    nanosleep(&t, NULL);
}

static void expect(Child *c, const char *want)
{
    const char *l = child_reply(c);
    if (strcmp(l, want) != 0) {
        fail_msg("expected '%s', the brain said '%s'", want, l);
    }
}

static void expect_prefix(Child *c, const char *prefix)
{
    const char *l = child_reply(c);
    if (strncmp(l, prefix, strlen(prefix)) != 0) {
        fail_msg("expected '%s...', the brain said '%s'", prefix, l);
    }
}

/* Parses a move reply; fails unless it is one on a size x size board. */
static void expect_move(Child *c, int size, int *x, int *y)
{
    const char *l = child_reply(c);
    int used = 0;
    if (sscanf(l, "%d,%d%n", x, y, &used) != 2 || l[used] != '\0' || *x < 0 || *y < 0 ||
        *x >= size || *y >= size) {
        fail_msg("expected a move, the brain said '%s'", l);
    }
}

/* Nothing more within ms: the brain answers only what it was asked. */
static void expect_quiet(Child *c, int ms)
{
    const char *l = child_line(c, ms);
    if (l != NULL) {
        fail_msg("the brain said '%s' unasked", l);
    }
}

/* Over a second of waiting for input the brain uses (almost) no CPU. */
static void expect_idle(Child *c)
{
    long long before = child_cpu_ms(c), after;

    if (before < 0) {
        return; /* no /proc here */
    }
    nap_ms(1000);
    after = child_cpu_ms(c);
    print_message("CPU over 1 s of waiting: %lld ms (bound %d ms)\n", after - before, IDLE_CPU_MS);
    if (after - before > IDLE_CPU_MS) {
        fail_msg("the waiting brain used %lld ms of CPU in a second", after - before);
    }
}

/* Fails when what took more than STOP_MS; says how long it took either
 * way (the figures docs/brain.md quotes). */
static void expect_within_stop_bound(const char *what, long long took)
{
    print_message("%s: %lld ms (bound %d ms)\n", what, took, STOP_MS);
    if (took > STOP_MS) {
        fail_msg("%s took %lld ms, over %d ms", what, took, STOP_MS);
    }
}

/* Sends END and checks the brain exits with status 0 within STOP_MS. */
static void expect_end(Child *c)
{
    long long t0;
    int status;

    child_send(c, "END\r\n");
    t0 = child_now_ms();
    status = child_wait_exit(c, 10000);
    assert_true(status != -1);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    expect_within_stop_bound("exit after END", child_now_ms() - t0);
}

/* A 20x20 game with a 30 s turn and the brain's centre opening played, so
 * that the next TURN starts a search of many seconds. */
static void long_game(Child *c)
{
    child_start(c, PBRAIN_PATH);
    child_send(c, "START 20\r\nINFO timeout_turn 30000\r\nINFO max_memory 83886080\r\n");
    expect(c, "OK");
    child_send(c, "BEGIN\r\n");
    expect(c, "10,10");
}

/* Writes lines "garbage 0" .. "garbage n-1" and a line of `big` bytes in
 * one go; false when the brain stopped reading them. */
static bool flood(Child *c, int n, size_t big)
{
    size_t cap = (size_t)n * 24 + big + 8, len = 0;
    char *p = malloc(cap);
    bool ok;

    assert_non_null(p);
    for (int i = 0; i < n; i++) {
        len += (size_t)snprintf(p + len, cap - len, "garbage %d\r\n", i);
    }
    memset(p + len, 'x', big);
    len += big;
    memcpy(p + len, "\r\n", 2);
    len += 2;
    ok = child_write(c, p, len, 10000);
    free(p);
    return ok;
}

/* ---- tests ------------------------------------------------------------------- */

/* Garbage is UNKNOWN, echoed as text (control bytes and bytes that are not
 * UTF-8 shown as '?', so the reply is a line a manager can log), and the
 * brain reads on; a blank line is no command and gets no answer. */
static void test_garbage_lines(void **state)
{
    Child c;

    (void)state;
    child_start(&c, PBRAIN_PATH);
    child_send(&c, "START 15\r\nfrobnicate\r\n\x01\x02\xff\r\n  \t \r\nABOUT\r\n");
    expect(&c, "OK");
    expect(&c, "UNKNOWN frobnicate");
    expect(&c, "UNKNOWN ???");
    expect_prefix(&c, "name=\"Gomoku\"");
    expect_quiet(&c, 100);
    expect_end(&c);
    child_close(&c);
}

/* A line with a NUL byte is one ERROR and nothing else: "END\0" is not
 * END, "TURN 7,7\0" places no stone.  The queue stays in step (the old one
 * split records at the NUL, then spun at full CPU replaying stale bytes as
 * lines: "UNKNOWN ab", "UNKNOWN TART 15"... for ever), and the brain then
 * waits without CPU. */
static void test_nul_bytes(void **state)
{
    static const char junk[] =
        "ab\0cd\r\n"
        "\0\r\n"
        "END\0\r\n"
        "TURN 7,7\0\r\n"
        "STOP\0\r\n"
        "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\r\n"
        "ABOUT\r\n";
    Child c;
    int x, y;

    (void)state;
    child_start(&c, PBRAIN_PATH);
    child_send(&c, "START 15\r\n");
    expect(&c, "OK");
    assert_true(child_write(&c, junk, sizeof junk - 1, 10000));
    for (int i = 0; i < 6; i++) {
        expect(&c, "ERROR line holds a NUL byte: ignored");
    }
    expect_prefix(&c, "name=\"Gomoku\"");
    expect_quiet(&c, 200);
    expect_idle(&c);
    /* The board is as START left it: BEGIN opens in the centre. */
    child_send(&c, "BEGIN\r\n");
    expect_move(&c, 15, &x, &y);
    assert_true(x == 7 && y == 7);
    expect_end(&c);
    child_close(&c);
}

/* A line of a megabyte is one ERROR, at the top level and inside BOARD,
 * and the brain reads on. */
static void test_megabyte_line(void **state)
{
    Child c;
    int x, y;

    (void)state;
    child_start(&c, PBRAIN_PATH);
    child_send(&c, "START 15\r\nINFO timeout_turn 200\r\n");
    expect(&c, "OK");
    assert_true(flood(&c, 0, (size_t)1 << 20));
    expect(&c, "ERROR line too long (over 1023 bytes): ignored");
    child_send(&c, "ABOUT\r\nBOARD\r\n");
    expect_prefix(&c, "name=");
    assert_true(flood(&c, 0, (size_t)1 << 20));
    expect(&c, "ERROR line too long (over 1023 bytes): ignored");
    child_send(&c, "7,7,2\r\nDONE\r\n");
    expect_move(&c, 15, &x, &y);
    assert_false(x == 7 && y == 7);
    expect_idle(&c);
    expect_end(&c);
    child_close(&c);
}

/* 256 KB of random bytes (all 256 values, a fixed seed): every line of it
 * is answered UNKNOWN or ERROR, never a move, and ABOUT after it is
 * answered in its turn: the brain is still in step. */
static void test_random_binary(void **state)
{
    const size_t n = (size_t)256 << 10;
    unsigned char *junk = malloc(n);
    uint32_t seed = 12345u;
    Child c;
    const char *l;
    int replies = 0, x, y;

    (void)state;
    assert_non_null(junk);
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1664525u + 1013904223u;
        junk[i] = (unsigned char)(seed >> 24);
    }
    child_start(&c, PBRAIN_PATH);
    child_send(&c, "START 15\r\nINFO timeout_turn 200\r\n");
    expect(&c, "OK");
    assert_true(child_write(&c, junk, n, 10000));
    free(junk);
    child_send(&c, "\r\nABOUT\r\n");
    while (strncmp(l = child_reply(&c), "name=", 5) != 0) {
        if (strncmp(l, "UNKNOWN ", 8) != 0 && strncmp(l, "ERROR ", 6) != 0) {
            fail_msg("the brain answered '%s' to random bytes", l);
        }
        replies++;
    }
    assert_true(replies > 0);
    expect_quiet(&c, 100);
    expect_idle(&c);
    child_send(&c, "BEGIN\r\n");
    expect_move(&c, 15, &x, &y);
    assert_true(x == 7 && y == 7);
    expect_end(&c);
    child_close(&c);
}

/* Commands out of order and impossible positions: ERROR with a reason,
 * nothing changed, and the game goes on. */
static void test_commands_out_of_order(void **state)
{
    Child c;
    int x, y, x2, y2;
    char line[64];

    (void)state;
    child_start(&c, PBRAIN_PATH);
    child_send(&c, "TURN 7,7\r\nBEGIN\r\nDONE\r\nRESTART\r\nTAKEBACK 1,1\r\n");
    expect(&c, "ERROR TURN before START");
    expect(&c, "ERROR BEGIN before START");
    expect(&c, "ERROR DONE without BOARD");
    expect(&c, "ERROR RESTART before START");
    expect(&c, "ERROR TAKEBACK before START");
    child_send(&c, "BOARD\r\n1,1,1\r\nDONE\r\n");
    expect(&c, "ERROR BOARD before START");

    child_send(&c, "START 15\r\nINFO timeout_turn 200\r\n");
    expect(&c, "OK");
    /* BOARD without DONE: dropped, and the command that broke it obeyed. */
    child_send(&c, "BOARD\r\n1,1,1\r\n");
    expect_quiet(&c, 100);
    expect_idle(&c); /* waiting for DONE is waiting too */
    child_send(&c, "TURN 3,3\r\n");
    expect(&c, "ERROR BOARD ended without DONE; position ignored");
    expect_move(&c, 15, &x, &y);
    assert_false(x == 3 && y == 3);
    /* BEGIN twice (here: BEGIN on a game under way) would be a second move
     * in a row. */
    child_send(&c, "BEGIN\r\n");
    expect(&c, "ERROR BEGIN on a board with stones: send START or RESTART first");
    /* TURN on an occupied point, off the board, malformed. */
    snprintf(line, sizeof line, "TURN %d,%d\r\n", x, y);
    child_send(&c, line);
    snprintf(line, sizeof line, "ERROR TURN: point %d,%d is occupied", x, y);
    expect(&c, line);
    child_send(&c, "TURN 15,0\r\nTURN 1,\r\nTURN\r\nDONE\r\n");
    expect(&c, "ERROR TURN: point 15,0 is off the 15x15 board");
    expect(&c, "ERROR TURN needs x,y");
    expect(&c, "ERROR TURN needs x,y");
    expect(&c, "ERROR DONE without BOARD");
    /* A BOARD with stones off the board, twice on a point, a bad field. */
    child_send(&c, "BOARD\r\n20,20,1\r\n-1,0,2\r\n5,5,1\r\n5,5,2\r\n6,5,4\r\n6,6\r\nDONE\r\n");
    expect(&c, "ERROR BOARD: point 20,20 is off the 15x15 board");
    expect(&c, "ERROR BOARD: point -1,0 is off the 15x15 board");
    expect(&c, "ERROR BOARD: point 5,5 given twice");
    expect(&c, "ERROR BOARD: field must be 1, 2 or 3, got 4");
    expect(&c, "ERROR BOARD: expected x,y,field or DONE, got '6,6'");
    expect_move(&c, 15, &x2, &y2);
    assert_false(x2 == 5 && y2 == 5);
    /* A SWAP2BOARD with one stone, a stone off the board, and one cut
     * short by a command. */
    child_send(&c, "TAKEBACK 0,0\r\nSWAP2BOARD\r\n7,7\r\n30,1\r\nDONE\r\nSWAP2BOARD\r\n1,1\r\n"
                   "RECTSTART 20,10\r\nSTART 99\r\n");
    expect(&c, "ERROR TAKEBACK: no stone at 0,0");
    expect(&c, "ERROR SWAP2BOARD: point 30,1 is off the 15x15 board");
    expect(&c, "ERROR SWAP2BOARD needs 0, 3 or 5 stones, got 1");
    expect(&c, "ERROR SWAP2BOARD ended without DONE; ignored");
    expect(&c, "ERROR rectangular boards are not supported");
    expect(&c, "ERROR START: unsupported board size 99 (supported: 5 to 22)");
    /* And it still plays. */
    /* BEGIN twice in a row: the second would be a second move in a row. */
    child_send(&c, "RESTART\r\nBEGIN\r\nBEGIN\r\n");
    expect(&c, "OK");
    expect_move(&c, 15, &x, &y);
    expect(&c, "ERROR BEGIN on a board with stones: send START or RESTART first");
    child_send(&c, "TURN 0,0\r\n");
    expect_move(&c, 15, &x2, &y2);
    assert_false((x2 == x && y2 == y) || (x2 == 0 && y2 == 0));
    expect_end(&c);
    child_close(&c);
}

/* STOP answers the move and END ends the process within 100 ms, in the
 * middle of a 30 s search. */
static void test_stop_and_end_within_100_ms(void **state)
{
    Child c;
    long long t0, took;
    int x, y;

    (void)state;
    long_game(&c);
    child_send(&c, "TURN 11,11\r\n");
    child_wait_search(&c);
    child_send(&c, "STOP\r\n");
    t0 = child_now_ms();
    expect_move(&c, 20, &x, &y);
    took = child_now_ms() - t0;
    expect_within_stop_bound("move after STOP", took);
    child_send(&c, "TURN 0,0\r\n");
    child_wait_search(&c);
    expect_end(&c);
    /* No move after END (MESSAGE lines may have been on their way). */
    for (const char *l; (l = child_line(&c, 0)) != NULL;) {
        if (strncmp(l, "MESSAGE", 7) != 0) {
            fail_msg("the brain printed '%s' after END", l);
        }
    }
    child_close(&c);
}

/* A megabyte of lines (and a megabyte line) sent while the brain thinks:
 * it keeps reading, so STOP and END behind them still act within 100 ms
 * (the old reader stopped at 64 KB and heard neither until its search
 * ended); afterwards every queued line is answered, in order. */
static void test_stop_and_end_behind_a_full_queue(void **state)
{
    Child c;
    long long t0, took;
    int x, y;
    char want[32];
    const int lines = 80000; /* about 1 MB */

    (void)state;
    long_game(&c);
    child_send(&c, "TURN 11,11\r\n");
    child_wait_search(&c);
    if (!flood(&c, lines, (size_t)1 << 20)) {
        fail_msg("the brain stopped reading its input while it searched");
    }
    child_send(&c, "STOP\r\n");
    t0 = child_now_ms();
    expect_move(&c, 20, &x, &y);
    took = child_now_ms() - t0;
    expect_within_stop_bound("move after STOP behind a full queue", took);
    for (int i = 0; i < lines; i++) {
        snprintf(want, sizeof want, "UNKNOWN garbage %d", i);
        expect(&c, want);
    }
    expect(&c, "ERROR line too long (over 1023 bytes): ignored");
    expect_idle(&c);

    child_send(&c, "TURN 0,0\r\n");
    child_wait_search(&c);
    assert_true(flood(&c, lines, (size_t)1 << 20));
    expect_end(&c);
    child_close(&c);
}

/* "...TURN\r\nEND" with no newline after END, then end of input while the
 * move is searched: the move is still answered (the old reader took the
 * cut-off END for one that came during the search and threw it away). */
static void test_last_end_without_newline_keeps_the_move(void **state)
{
    Child c;
    int x, y;

    (void)state;
    child_start(&c, PBRAIN_PATH);
    child_send(&c, "START 20\r\nINFO timeout_turn 1000\r\nBEGIN\r\nTURN 11,11\r\nEND");
    expect(&c, "OK");
    expect(&c, "10,10");
    child_wait_search(&c);
    child_close_input(&c);
    expect_move(&c, 20, &x, &y);
    child_expect_clean_exit(&c);
}

/* END without a newline sent during a search, then end of input: that is
 * END in the middle of the search, obeyed within 100 ms. */
static void test_end_without_newline_during_search(void **state)
{
    Child c;
    long long t0;
    int status;

    (void)state;
    long_game(&c);
    child_send(&c, "TURN 11,11\r\n");
    child_wait_search(&c);
    child_send(&c, "END");
    nap_ms(20);
    child_close_input(&c);
    t0 = child_now_ms();
    status = child_wait_exit(&c, 10000);
    assert_true(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0);
    expect_within_stop_bound("exit after END at end of input", child_now_ms() - t0);
    child_close(&c);
}

/* Is line (n bytes) a move request of the session below? */
static bool asks_move(const char *line, size_t n)
{
    static const char *const asks[] = {"BEGIN", "TURN 0,0", "DONE"};
    for (size_t i = 0; i < sizeof asks / sizeof asks[0]; i++) {
        if (n == strlen(asks[i]) && memcmp(line, asks[i], n) == 0) {
            return true;
        }
    }
    return false;
}

/* End of input after every byte of a session: the brain answers every
 * move request it received whole (a last line needs no newline), never
 * crashes, and exits 0 by itself. */
static void test_end_of_input_everywhere(void **state)
{
    static const char session[] =
        "START 9\r\nINFO timeout_turn 0\r\nBEGIN\r\nTURN 0,0\r\n"
        "BOARD\r\n4,4,1\r\n5,5,2\r\nDONE\r\nTAKEBACK 4,4\r\nABOUT\r\nEND\r\n";

    (void)state;
    for (size_t cut = 0; cut < sizeof session; cut++) {
        Child c;
        int want = 0, moves = 0, x, y, status;
        size_t start = 0;

        /* The move requests among the lines the prefix holds. */
        for (size_t i = 0; i <= cut; i++) {
            if (i == cut || session[i] == '\r' || session[i] == '\n') {
                want += asks_move(session + start, i - start);
                start = i + 1;
            }
        }
        child_start(&c, PBRAIN_PATH);
        assert_true(child_write(&c, session, cut, 10000));
        child_close_input(&c);
        for (const char *l; (l = child_line(&c, 10000)) != NULL;) {
            int used = 0;
            if (sscanf(l, "%d,%d%n", &x, &y, &used) == 2 && l[used] == '\0') {
                moves++;
            }
        }
        status = child_wait_exit(&c, 10000);
        if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fail_msg("cut after %zu bytes: the brain did not exit cleanly", cut);
        }
        if (moves != want) {
            fail_msg("cut after %zu bytes: %d moves for %d requests", cut, moves, want);
        }
        child_close(&c);
    }
}

#else

static void test_skipped(void **state)
{
    (void)state;
    skip();
}

#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
#ifndef _WIN32
        cmocka_unit_test_teardown(test_garbage_lines, child_reap_all),
        cmocka_unit_test_teardown(test_nul_bytes, child_reap_all),
        cmocka_unit_test_teardown(test_megabyte_line, child_reap_all),
        cmocka_unit_test_teardown(test_random_binary, child_reap_all),
        cmocka_unit_test_teardown(test_commands_out_of_order, child_reap_all),
        cmocka_unit_test_teardown(test_stop_and_end_within_100_ms, child_reap_all),
        cmocka_unit_test_teardown(test_stop_and_end_behind_a_full_queue, child_reap_all),
        cmocka_unit_test_teardown(test_last_end_without_newline_keeps_the_move, child_reap_all),
        cmocka_unit_test_teardown(test_end_without_newline_during_search, child_reap_all),
        cmocka_unit_test_teardown(test_end_of_input_everywhere, child_reap_all),
#else
        cmocka_unit_test(test_skipped),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
