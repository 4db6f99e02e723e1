/*
 * test_brain_e2e.c - runs the real pbrain-gomoku through pipes, the way a
 * manager does: CRLF line endings, replies read back, END must exit 0.
 * The interactive tests send END, STOP and other lines while the brain
 * searches a 30 s turn; their only time bounds are generous ones (10 s)
 * that a brain ignoring those lines could not meet, as its search goes on
 * for over 13 s.
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
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "brain_child.h"
#endif

#ifndef PBRAIN_PATH
#error "PBRAIN_PATH must name the pbrain-gomoku executable"
#endif

#define OUT_MAX   65536
#define MAX_LINES 512

#ifndef _WIN32
/* Runs the brain with input on its stdin; collects all it prints into out
 * and returns its wait status (or -1 when it could not be run). */
static int run_brain(const char *input, char *out, size_t out_size)
{
    int to_child[2], from_child[2];
    pid_t pid;
    size_t used = 0;
    int status = -1;

    if (pipe(to_child) != 0 || pipe(from_child) != 0) {
        return -1;
    }
    pid = fork();
    if (pid < 0) {
        return -1;
    }
    if (pid == 0) {
        dup2(to_child[0], 0);
        dup2(from_child[1], 1);
        close(to_child[0]);
        close(to_child[1]);
        close(from_child[0]);
        close(from_child[1]);
        execl(PBRAIN_PATH, PBRAIN_PATH, (char *)NULL);
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    /* The session is short enough to fit in the pipe buffer, so writing it
     * all before reading cannot deadlock.  The write end is kept open: the
     * brain has to stop because of END, not because of end of input. */
    {
        size_t len = strlen(input), done = 0;
        while (done < len) {
            ssize_t w = write(to_child[1], input + done, len - done);
            if (w <= 0) {
                break;
            }
            done += (size_t)w;
        }
    }
    for (;;) {
        ssize_t r = read(from_child[0], out + used, out_size - 1 - used);
        if (r <= 0) {
            break;
        }
        used += (size_t)r;
        if (used + 1 >= out_size) {
            break;
        }
    }
    out[used] = '\0';
    close(from_child[0]);
    if (waitpid(pid, &status, 0) != pid) {
        status = -1;
    }
    close(to_child[1]);
    return status;
}

/* Splits buf in place into lines (dropping MESSAGE lines and any CR). */
static int split_replies(char *buf, char **lines, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *l = strtok_r(buf, "\r\n", &save); l != NULL; l = strtok_r(NULL, "\r\n", &save)) {
        if (strncmp(l, "MESSAGE ", 8) == 0) {
            continue;
        }
        if (n < max) {
            lines[n++] = l;
        }
    }
    return n;
}

static void assert_move(const char *s, int size)
{
    int x, y, used = 0;
    if (sscanf(s, "%d,%d%n", &x, &y, &used) != 2 || s[used] != '\0') {
        fail_msg("expected a move, got '%s'", s);
    }
    assert_true(x >= 0 && x < size && y >= 0 && y < size);
}

/* ---- an interactive session ---------------------------------------------- */

/* Far below the 30 s turn the interactive tests give the brain, far above
 * what acting on END or STOP takes. */
#define BOUND_MS 10000

/* Starts a brain on a 20x20 board with a 30 s turn, its centre opening
 * played, so that the next TURN searches for many seconds. */
static void child_long_game(Child *c)
{
    child_start(c, PBRAIN_PATH);
    child_send(c, "START 20\r\nINFO timeout_turn 30000\r\nINFO max_memory 83886080\r\n");
    assert_string_equal(child_reply(c), "OK");
    child_send(c, "BEGIN\r\n");
    assert_string_equal(child_reply(c), "10,10");
}

/* Checks s is a move onto an empty point (not 10,10 or the taken ones). */
static void assert_new_move(const char *s, int size, const char *taken)
{
    char buf[16];
    assert_move(s, size);
    assert_string_not_equal(s, "10,10");
    for (const char *t = taken; *t != '\0';) {
        size_t n = strcspn(t, " ");
        snprintf(buf, sizeof buf, "%.*s", (int)n, t);
        assert_string_not_equal(s, buf);
        t += n + (t[n] == ' ');
    }
}
#endif

static void test_end_during_search_exits(void **state)
{
    (void)state;
#ifdef _WIN32
    skip();
#else
    Child c;
    const char *l;
    int status;

    signal(SIGPIPE, SIG_IGN);
    child_long_game(&c);
    child_send(&c, "TURN 11,11\r\n");
    child_wait_search(&c);
    child_send(&c, "END\r\n");
    status = child_wait_exit(&c, BOUND_MS);
    assert_true(status != -1);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    /* No move after END (MESSAGE lines may have been on their way). */
    while ((l = child_line(&c, 0)) != NULL) {
        if (strncmp(l, "MESSAGE", 7) != 0) {
            fail_msg("the brain printed '%s' after END", l);
        }
    }
    child_close(&c);
#endif
}

static void test_end_of_input_during_search_answers(void **state)
{
    (void)state;
#ifdef _WIN32
    skip();
#else
    Child c;

    child_start(&c, PBRAIN_PATH);
    /* A short turn: the search runs to its end although the input is gone. */
    child_send(&c, "START 20\r\nINFO timeout_turn 1500\r\n");
    assert_string_equal(child_reply(&c), "OK");
    child_send(&c, "BEGIN\r\n");
    assert_string_equal(child_reply(&c), "10,10");
    child_send(&c, "TURN 11,11\r\n");
    child_wait_search(&c);
    child_close_input(&c);
    assert_new_move(child_reply(&c), 20, "11,11");
    child_expect_clean_exit(&c);
#endif
}

static void test_stop_during_search_answers(void **state)
{
    (void)state;
#ifdef _WIN32
    skip();
#else
    Child c;

    signal(SIGPIPE, SIG_IGN);
    child_long_game(&c);
    child_send(&c, "TURN 11,11\r\n");
    child_wait_search(&c);
    child_send(&c, "STOP\r\n");
    assert_new_move(child_reply(&c), 20, "11,11");

    /* Outside a search they are unknown commands. */
    child_send(&c, "STOP\r\n");
    assert_string_equal(child_reply(&c), "UNKNOWN STOP");
    child_send(&c, "YXSTOP\r\n");
    assert_string_equal(child_reply(&c), "UNKNOWN YXSTOP");

    /* YXSTOP stops a search too. */
    child_send(&c, "TURN 0,0\r\n");
    child_wait_search(&c);
    child_send(&c, "yxstop\r\n");
    assert_new_move(child_reply(&c), 20, "11,11 0,0");

    child_send(&c, "END\r\n");
    child_expect_clean_exit(&c);
#endif
}

static void test_lines_during_search_wait_their_turn(void **state)
{
    (void)state;
#ifdef _WIN32
    skip();
#else
    Child c;

    signal(SIGPIPE, SIG_IGN);
    child_long_game(&c);
    child_send(&c, "TURN 11,11\r\n");
    child_wait_search(&c);
    /* Queued while the brain thinks; the STOP behind them is obeyed first,
     * and the INFO must be in force for the next move. */
    child_send(&c, "ABOUT\r\nfrobnicate\r\nINFO timeout_turn 300\r\nTURN 99,99\r\nSTOP\r\n");
    assert_new_move(child_reply(&c), 20, "11,11");
    assert_int_equal(strncmp(child_reply(&c), "name=\"Gomoku\"", 13), 0);
    assert_string_equal(child_reply(&c), "UNKNOWN frobnicate");
    assert_int_equal(strncmp(child_reply(&c), "ERROR", 5), 0);
    /* A 300 ms turn now: answered well within the bound. */
    child_send(&c, "TURN 0,0\r\n");
    assert_new_move(child_reply(&c), 20, "11,11 0,0");

    child_send(&c, "END\r\n");
    child_expect_clean_exit(&c);
#endif
}

static void test_session_through_pipes(void **state)
{
    (void)state;
#ifdef _WIN32
    skip();
#else
    static const char session[] = "START 15\r\n"
                                  "INFO timeout_turn 300\r\n"
                                  "INFO max_memory 83886080\r\n"
                                  "INFO rule 0\r\n"
                                  "ABOUT\r\n"
                                  "BEGIN\r\n"
                                  "TURN 0,0\r\n"
                                  "frobnicate\r\n"
                                  "TURN 99,99\r\n"
                                  "BOARD\r\n"
                                  "5,5,2\r\n"
                                  "3,3,2\r\n"
                                  "2,2,1\r\n"
                                  "6,6,2\r\n"
                                  "10,1,1\r\n"
                                  "4,4,2\r\n"
                                  "12,3,1\r\n"
                                  "0,13,1\r\n"
                                  "DONE\r\n"
                                  "RESTART\n"
                                  "RECTSTART 20,10\r"
                                  "END\r\n";
    char *out = malloc(OUT_MAX);
    char *lines[MAX_LINES];
    int n, status;

    assert_non_null(out);
    signal(SIGPIPE, SIG_IGN);
    status = run_brain(session, out, OUT_MAX);
    assert_true(status != -1);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);

    n = split_replies(out, lines, MAX_LINES);
    assert_int_equal(n, 9);
    assert_string_equal(lines[0], "OK");
    assert_int_equal(strncmp(lines[1], "name=\"Gomoku\", version=\"", 24), 0);
    assert_move(lines[2], 15);
    assert_move(lines[3], 15);
    assert_int_equal(strncmp(lines[4], "UNKNOWN", 7), 0);
    assert_int_equal(strncmp(lines[5], "ERROR", 5), 0);
    assert_string_equal(lines[6], "7,7"); /* blocks the diagonal four */
    assert_string_equal(lines[7], "OK");
    assert_string_equal(lines[8], "ERROR rectangular boards are not supported");
    free(out);
#endif
}

/* A failed test leaves its brain running: end it before the next test. */
static int reap_children(void **state)
{
#ifndef _WIN32
    return child_reap_all(state);
#else
    (void)state;
    return 0;
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_session_through_pipes),
        cmocka_unit_test_teardown(test_end_during_search_exits, reap_children),
        cmocka_unit_test_teardown(test_end_of_input_during_search_answers, reap_children),
        cmocka_unit_test_teardown(test_stop_during_search_answers, reap_children),
        cmocka_unit_test_teardown(test_lines_during_search_wait_their_turn, reap_children),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
