/*
 * brain_child.c - pbrain-gomoku over pipes, for the end-to-end tests.
 */
#ifndef _WIN32
#define _POSIX_C_SOURCE 200809L /* fork, pipe, poll, nanosleep */

#include "brain_child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#define BOUND_MS 10000

/* The children not yet closed, by value: a failed test's Child is gone
 * with its stack frame. */
typedef struct Live {
    pid_t pid; /* 0 once reaped */
    int to, from;
} Live;

#define LIVE_MAX 8
static Live live[LIVE_MAX];
static int live_n;

/* The entry of c, found by its output pipe (its pid is 0 once reaped). */
static Live *live_find(const Child *c)
{
    for (int i = 0; i < live_n; i++) {
        if (live[i].from == c->from) {
            return &live[i];
        }
    }
    return NULL;
}

long long child_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void child_start(Child *c, const char *path)
{
    int to_child[2], from_child[2];

    signal(SIGPIPE, SIG_IGN);
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
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    c->to = to_child[1];
    c->from = from_child[0];
    if (live_n < LIVE_MAX) {
        live[live_n++] = (Live){c->pid, c->to, c->from};
    }
    /* Writes never block the test: a brain that stops reading is seen. */
    fcntl(c->to, F_SETFL, fcntl(c->to, F_GETFL) | O_NONBLOCK);
}

/* Moves what the brain printed into buf; waits up to timeout_ms for some.
 * Returns false when nothing came. */
static bool pump(Child *c, int timeout_ms)
{
    struct pollfd p = {c->from, POLLIN, 0};
    ssize_t r;

    if (c->eof || c->len + 1 >= sizeof c->buf) {
        return false;
    }
    if (poll(&p, 1, timeout_ms) <= 0) {
        return false;
    }
    r = read(c->from, c->buf + c->len, sizeof c->buf - 1 - c->len);
    if (r <= 0) {
        c->eof = true;
        return false;
    }
    c->len += (size_t)r;
    return true;
}

bool child_write(Child *c, const void *p, size_t n, int timeout_ms)
{
    const char *s = p;
    long long end = child_now_ms() + timeout_ms;
    size_t done = 0;

    while (done < n && c->to >= 0) {
        ssize_t w = write(c->to, s + done, n - done);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            return false;
        }
        if (child_now_ms() >= end) {
            return false;
        }
        {
            struct pollfd q[2] = {{c->to, POLLOUT, 0}, {c->from, POLLIN, 0}};
            /* Its replies are kept for child_line; only a full buffer of
             * them stops this from draining its output. */
            poll(q, c->eof || c->len + 1 >= sizeof c->buf ? 1 : 2, 10);
            if (q[1].revents & (POLLIN | POLLHUP)) {
                pump(c, 0);
            }
        }
    }
    return done == n;
}

void child_send(Child *c, const char *text)
{
    if (!child_write(c, text, strlen(text), BOUND_MS)) {
        fail_msg("the brain did not read '%.40s' within %d ms", text, BOUND_MS);
    }
}

void child_close_input(Child *c)
{
    Live *l = live_find(c);

    if (c->to >= 0) {
        close(c->to);
        c->to = -1;
    }
    if (l != NULL) {
        l->to = -1;
    }
}

const char *child_line(Child *c, int timeout_ms)
{
    long long end = child_now_ms() + timeout_ms;

    for (;;) {
        char *nl = memchr(c->buf, '\n', c->len);
        if (nl != NULL) {
            size_t n = (size_t)(nl - c->buf);
            memcpy(c->line, c->buf, n);
            c->line[n] = '\0';
            if (n > 0 && c->line[n - 1] == '\r') {
                c->line[n - 1] = '\0';
            }
            memmove(c->buf, nl + 1, c->len - n - 1);
            c->len -= n + 1;
            return c->line;
        }
        long long left = end - child_now_ms();
        if (!pump(c, left > 0 ? (int)left : 0) && (c->eof || left <= 0)) {
            return NULL;
        }
    }
}

const char *child_reply(Child *c)
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

void child_wait_search(Child *c)
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

int child_wait_exit(Child *c, int timeout_ms)
{
    long long end = child_now_ms() + timeout_ms;
    int status;
    Live *l;

    for (;;) {
        pid_t r = waitpid(c->pid, &status, WNOHANG);
        if (r == c->pid) {
            break;
        }
        if ((r < 0 && errno != EINTR) || child_now_ms() >= end) {
            kill(c->pid, SIGKILL);
            waitpid(c->pid, &status, 0);
            status = -1;
            break;
        }
        struct timespec nap = {0, 1000000}; /* 1 ms: exits are timed */
        nanosleep(&nap, NULL);
    }
    l = live_find(c);
    if (l != NULL) {
        l->pid = 0; /* reaped: its number may be reused */
    }
    return status;
}

void child_expect_clean_exit(Child *c)
{
    int status = child_wait_exit(c, BOUND_MS);
    assert_true(status != -1);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    child_close(c);
}

void child_close(Child *c)
{
    Live *l = live_find(c);

    child_close_input(c);
    close(c->from);
    if (l != NULL) {
        *l = live[--live_n];
    }
}

int child_reap_all(void **state)
{
    (void)state;
    for (int i = 0; i < live_n; i++) {
        if (live[i].pid > 0) {
            kill(live[i].pid, SIGKILL);
            waitpid(live[i].pid, NULL, 0);
        }
        if (live[i].to >= 0) {
            close(live[i].to);
        }
        close(live[i].from);
    }
    live_n = 0;
    return 0;
}

long long child_cpu_ms(const Child *c)
{
    char path[64], stat[1024];
    unsigned long long utime = 0, stime = 0;
    FILE *f;
    size_t n;
    const char *p;

    snprintf(path, sizeof path, "/proc/%d/stat", (int)c->pid);
    f = fopen(path, "r");
    if (f == NULL) {
        return -1;
    }
    n = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[n] = '\0';
    /* After the command's closing parenthesis: state, then 10 fields, then
     * utime (14th) and stime (15th), in clock ticks. */
    p = strrchr(stat, ')');
    if (p == NULL || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &utime,
                            &stime) != 2) {
        return -1;
    }
    return (long long)((utime + stime) * 1000 / (unsigned long long)sysconf(_SC_CLK_TCK));
}

#endif
