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
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
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

typedef struct Child {
    pid_t pid;
    int to, from; /* the brain's stdin and stdout */
    char buf[OUT_MAX];
    size_t len; /* bytes in buf not yet returned as lines */
    bool eof;
} Child;

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void child_start(Child *c)
{
    int to_child[2], from_child[2];

    memset(c, 0, sizeof *c);
    assert_int_equal(pipe(to_child), 0);
    assert_int_equal(pipe(from_child), 0);
    c->pid = fork();
    assert_true(c->pid >= 0);
    if (c->pid == 0) {
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
    c->to = to_child[1];
    c->from = from_child[0];
}

static void child_send(Child *c, const char *text)
{
    size_t len = strlen(text), done = 0;
    while (done < len) {
        ssize_t w = write(c->to, text + done, len - done);
        assert_true(w > 0);
        done += (size_t)w;
    }
}

/* Returns the next line the brain prints (without CR/LF), MESSAGE lines
 * included; NULL when it closed its output or printed nothing for
 * timeout_ms.  The line stays valid until the next call. */
static const char *child_line(Child *c, int timeout_ms)
{
    static char line[OUT_MAX];
    long long end = now_ms() + timeout_ms;

    for (;;) {
        char *nl = memchr(c->buf, '\n', c->len);
        if (nl != NULL) {
            size_t n = (size_t)(nl - c->buf);
            memcpy(line, c->buf, n);
            line[n] = '\0';
            if (n > 0 && line[n - 1] == '\r') {
                line[n - 1] = '\0';
            }
            memmove(c->buf, nl + 1, c->len - n - 1);
            c->len -= n + 1;
            return line;
        }
        long long left = end - now_ms();
        struct pollfd p = {c->from, POLLIN, 0};
        int ready;
        if (c->eof || c->len + 1 >= sizeof c->buf) {
            return NULL;
        }
        /* Polled at least once, so timeout 0 still collects what is there. */
        ready = poll(&p, 1, left > 0 ? (int)left : 0);
        if (ready <= 0) {
            if (left <= 0) {
                return NULL;
            }
            continue; /* interrupted */
        }
        ssize_t r = read(c->from, c->buf + c->len, sizeof c->buf - 1 - c->len);
        if (r <= 0) {
            c->eof = true;
        } else {
            c->len += (size_t)r;
        }
    }
}

/* Returns the next line that is not a MESSAGE (fails on none). */
static const char *child_reply(Child *c)
{
    const char *l;
    while ((l = child_line(c, BOUND_MS)) != NULL) {
        if (strncmp(l, "MESSAGE", 7) != 0) {
            return l;
        }
    }
    fail_msg("no reply from the brain within %d ms", BOUND_MS);
    return NULL;
}

/* Reads until a "MESSAGE depth" line: the search is under way. */
static void child_wait_search(Child *c)
{
    const char *l;
    while ((l = child_line(c, BOUND_MS)) != NULL) {
        if (strncmp(l, "MESSAGE depth ", 14) == 0) {
            return;
        }
        if (strncmp(l, "MESSAGE", 7) != 0) {
            fail_msg("expected the search to start, got '%s'", l);
        }
    }
    fail_msg("the search did not report within %d ms", BOUND_MS);
}

/* Waits up to timeout_ms for the brain to exit; returns its wait status,
 * or -1 (after killing it) when it did not.  What it printed can still be
 * read; child_close then closes the pipes. */
static int child_wait_exit(Child *c, int timeout_ms)
{
    long long end = now_ms() + timeout_ms;
    int status;

    for (;;) {
        pid_t r = waitpid(c->pid, &status, WNOHANG);
        if (r == c->pid) {
            break;
        }
        if ((r < 0 && errno != EINTR) || now_ms() >= end) {
            kill(c->pid, SIGKILL);
            waitpid(c->pid, &status, 0);
            status = -1;
            break;
        }
        struct timespec nap = {0, 10000000};
        nanosleep(&nap, NULL);
    }
    return status;
}

static void child_close(Child *c)
{
    if (c->to >= 0) {
        close(c->to);
    }
    close(c->from);
}

/* Starts a brain on a 20x20 board with a 30 s turn, its centre opening
 * played, so that the next TURN searches for many seconds. */
static void child_long_game(Child *c)
{
    child_start(c);
    child_send(c, "START 20\r\nINFO timeout_turn 30000\r\nINFO max_memory 83886080\r\n");
    assert_string_equal(child_reply(c), "OK");
    child_send(c, "BEGIN\r\n");
    assert_string_equal(child_reply(c), "10,10");
}

/* Waits (within BOUND_MS) for the brain to exit with status 0, then
 * releases the child. */
static void child_expect_clean_exit(Child *c)
{
    int status = child_wait_exit(c, BOUND_MS);
    assert_true(status != -1);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    child_close(c);
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

    signal(SIGPIPE, SIG_IGN);
    child_start(&c);
    /* A short turn: the search runs to its end although the input is gone. */
    child_send(&c, "START 20\r\nINFO timeout_turn 1500\r\n");
    assert_string_equal(child_reply(&c), "OK");
    child_send(&c, "BEGIN\r\n");
    assert_string_equal(child_reply(&c), "10,10");
    child_send(&c, "TURN 11,11\r\n");
    child_wait_search(&c);
    close(c.to);
    c.to = -1;
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_session_through_pipes),
        cmocka_unit_test(test_end_during_search_exits),
        cmocka_unit_test(test_end_of_input_during_search_answers),
        cmocka_unit_test(test_stop_during_search_answers),
        cmocka_unit_test(test_lines_during_search_wait_their_turn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
