/*
 * pbrain_client.c - child process with two pipes, POSIX implementation.
 */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif

#include "pbrain_client.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)

#include <windows.h>

struct PbrainClient {
    int unused;
};

PbrainClient *pbrain_client_spawn(char *const argv[], bool quiet_stderr, char *err, size_t errlen)
{
    (void)argv;
    (void)quiet_stderr;
    if (errlen > 0) {
        snprintf(err, errlen, "pbrain players are not supported on Windows builds yet");
    }
    return NULL;
}

int pbrain_client_send(PbrainClient *c, const char *line)
{
    (void)c;
    (void)line;
    return -1;
}

int pbrain_client_read_line(PbrainClient *c, char *buf, size_t len, int timeout_ms)
{
    (void)c;
    (void)timeout_ms;
    if (len > 0) {
        buf[0] = '\0';
    }
    return -2;
}

void pbrain_client_close(PbrainClient *c, int grace_ms)
{
    (void)c;
    (void)grace_ms;
}

long pbrain_client_pid(const PbrainClient *c)
{
    (void)c;
    return -1;
}

long long pbrain_client_now_ms(void)
{
    static LARGE_INTEGER freq;
    LARGE_INTEGER now;
    if (freq.QuadPart == 0) {
        QueryPerformanceFrequency(&freq);
    }
    QueryPerformanceCounter(&now);
    return (long long)(now.QuadPart * 1000 / freq.QuadPart);
}

void pbrain_client_sleep_ms(int ms)
{
    if (ms > 0) {
        Sleep((DWORD)ms);
    }
}

#else

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define CLIENT_BUF 8192

struct PbrainClient {
    pid_t pid;
    int to_child;   /* write end of the child's stdin */
    int from_child; /* read end of the child's stdout */
    char buf[CLIENT_BUF];
    size_t have; /* bytes in buf */
    bool eof;
};

/* Serialises pipe creation and spawning: a pipe made by one thread must get
 * its close-on-exec flag before another thread's child can inherit it, or
 * that child would hold the pipe open and hide the other brain's exit. */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;

long pbrain_client_pid(const PbrainClient *c)
{
    return c != NULL ? (long)c->pid : -1;
}

long long pbrain_client_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void pbrain_client_sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (ms > 0 && nanosleep(&ts, &ts) != 0) {
    }
}

static void set_error(char *err, size_t errlen, const char *what, int code)
{
    if (errlen > 0) {
        snprintf(err, errlen, "%s: %s", what, strerror(code));
    }
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

PbrainClient *pbrain_client_spawn(char *const argv[], bool quiet_stderr, char *err, size_t errlen)
{
    if (argv == NULL || argv[0] == NULL) {
        set_error(err, errlen, "spawn", EINVAL);
        return NULL;
    }
    PbrainClient *c = calloc(1, sizeof *c);
    if (c == NULL) {
        set_error(err, errlen, "spawn", ENOMEM);
        return NULL;
    }
    int in_pipe[2] = {-1, -1}, out_pipe[2] = {-1, -1};
    posix_spawn_file_actions_t fa;
    bool fa_ready = false;
    int rc = 0;

    pthread_mutex_lock(&spawn_lock);
    if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0) {
        rc = errno;
        goto fail;
    }
    /* The parent's ends must not leak into this or any later child. */
    fcntl(in_pipe[1], F_SETFD, FD_CLOEXEC);
    fcntl(out_pipe[0], F_SETFD, FD_CLOEXEC);
    rc = posix_spawn_file_actions_init(&fa);
    if (rc != 0) {
        goto fail;
    }
    fa_ready = true;
    posix_spawn_file_actions_adddup2(&fa, in_pipe[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&fa, out_pipe[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&fa, in_pipe[0]);
    posix_spawn_file_actions_addclose(&fa, out_pipe[1]);
    if (quiet_stderr) {
        posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    }
    rc = posix_spawn(&c->pid, argv[0], &fa, NULL, argv, environ);
    if (rc != 0) {
        goto fail;
    }
    posix_spawn_file_actions_destroy(&fa);
    pthread_mutex_unlock(&spawn_lock);
    close(in_pipe[0]);
    close(out_pipe[1]);
    c->to_child = in_pipe[1];
    c->from_child = out_pipe[0];
    return c;

fail:
    if (fa_ready) {
        posix_spawn_file_actions_destroy(&fa);
    }
    pthread_mutex_unlock(&spawn_lock);
    for (int i = 0; i < 2; i++) {
        if (in_pipe[i] >= 0) {
            close(in_pipe[i]);
        }
        if (out_pipe[i] >= 0) {
            close(out_pipe[i]);
        }
    }
    free(c);
    set_error(err, errlen, argv[0], rc);
    return NULL;
}

int pbrain_client_send(PbrainClient *c, const char *line)
{
    if (c == NULL || c->to_child < 0 || line == NULL) {
        return -1;
    }
    size_t n = strlen(line);
    char *msg = malloc(n + 3);
    if (msg == NULL) {
        return -1;
    }
    memcpy(msg, line, n);
    memcpy(msg + n, "\r\n", 3);
    n += 2;
    size_t done = 0;
    int rc = 0;
    while (done < n) {
        ssize_t w = write(c->to_child, msg + done, n - done);
        if (w < 0 && errno == EINTR) {
            continue;
        }
        if (w <= 0) {
            rc = -1;
            break;
        }
        done += (size_t)w;
    }
    free(msg);
    return rc;
}

/* Moves the first complete line of c->buf into out; returns true if there
 * was one.  Empty lines (such as the gap inside CRLF) are skipped. */
static bool take_line(PbrainClient *c, char *out, size_t len)
{
    for (;;) {
        size_t i = 0;
        while (i < c->have && c->buf[i] != '\n' && c->buf[i] != '\r') {
            i++;
        }
        if (i == c->have) {
            if (c->have == CLIENT_BUF) {
                /* An endless line: hand over what we have rather than stall. */
                i = c->have - 1;
            } else {
                return false;
            }
        }
        size_t copy = i < len - 1 ? i : len - 1;
        memcpy(out, c->buf, copy);
        out[copy] = '\0';
        size_t drop = i + 1 <= c->have ? i + 1 : c->have;
        memmove(c->buf, c->buf + drop, c->have - drop);
        c->have -= drop;
        if (i > 0) {
            return true;
        }
    }
}

int pbrain_client_read_line(PbrainClient *c, char *buf, size_t len, int timeout_ms)
{
    if (c == NULL || buf == NULL || len == 0) {
        return -2;
    }
    buf[0] = '\0';
    long long deadline = pbrain_client_now_ms() + timeout_ms;
    for (;;) {
        if (take_line(c, buf, len)) {
            return 0;
        }
        if (c->eof) {
            return -2;
        }
        long long left = deadline - pbrain_client_now_ms();
        if (left <= 0) {
            return -1;
        }
        struct pollfd p = {c->from_child, POLLIN, 0};
        int pr = poll(&p, 1, left > 1000000 ? 1000000 : (int)left);
        if (pr < 0 && errno == EINTR) {
            continue;
        }
        if (pr < 0) {
            return -2;
        }
        if (pr == 0) {
            continue; /* the deadline check above decides */
        }
        ssize_t r = read(c->from_child, c->buf + c->have, CLIENT_BUF - c->have);
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r <= 0) {
            /* A last line without a terminator still counts. */
            c->eof = true;
            if (c->have > 0 && c->have < CLIENT_BUF) {
                c->buf[c->have++] = '\n';
            }
            continue;
        }
        c->have += (size_t)r;
    }
}

void pbrain_client_close(PbrainClient *c, int grace_ms)
{
    if (c == NULL) {
        return;
    }
    if (c->to_child >= 0) {
        close(c->to_child);
    }
    int status;
    bool reaped = false;
    for (int waited = 0; waited <= grace_ms; waited += 10) {
        pid_t r = waitpid(c->pid, &status, WNOHANG);
        if (r == c->pid || (r < 0 && errno == ECHILD)) {
            reaped = true;
            break;
        }
        sleep_ms(10);
    }
    if (!reaped) {
        kill(c->pid, SIGKILL);
        while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    if (c->from_child >= 0) {
        close(c->from_child);
    }
    free(c);
}

#endif
