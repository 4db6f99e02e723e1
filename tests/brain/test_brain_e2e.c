/*
 * test_brain_e2e.c - runs the real pbrain-gomoku through pipes, the way a
 * manager does: CRLF line endings, replies read back, END must exit 0.
 */
#include <setjmp.h>
#include <stdarg.h>
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
#include <unistd.h>
#endif

#ifndef PBRAIN_PATH
#error "PBRAIN_PATH must name the pbrain-gomoku executable"
#endif

#define OUT_MAX 65536
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
#endif

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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
