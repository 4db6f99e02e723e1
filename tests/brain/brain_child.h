/*
 * brain_child.h - the real pbrain-gomoku run as a child process over pipes,
 * the way a manager runs it (POSIX only): write to its stdin, read its
 * lines, time its answers, read its CPU time, wait for it to exit.
 */
#ifndef GOMOKU_TEST_BRAIN_CHILD_H
#define GOMOKU_TEST_BRAIN_CHILD_H

#ifndef _WIN32

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define CHILD_BUF 65536

typedef struct Child {
    pid_t pid;
    int to, from; /* the brain's stdin (-1 once closed) and stdout */
    char buf[CHILD_BUF];
    size_t len; /* bytes in buf not yet returned as lines */
    bool eof;
    char line[CHILD_BUF];
} Child;

/* Milliseconds on the monotonic clock. */
long long child_now_ms(void);

/* Starts path (the brain) with its stdin and stdout on pipes; fails the
 * test when it cannot. */
void child_start(Child *c, const char *path);

/* Writes n bytes to the brain's stdin, reading (and keeping) what it
 * prints meanwhile so neither side can block the other.  Returns false
 * when the brain did not take them all within timeout_ms (it stopped
 * reading) or its stdin is closed. */
bool child_write(Child *c, const void *p, size_t n, int timeout_ms);

/* child_write of a string that must go through within 10 s. */
void child_send(Child *c, const char *text);

/* Closes the brain's stdin: end of input. */
void child_close_input(Child *c);

/* Returns the next line the brain prints (without CR/LF), MESSAGE lines
 * included; NULL when it closed its output or printed nothing for
 * timeout_ms.  Valid until the next call. */
const char *child_line(Child *c, int timeout_ms);

/* Returns the next line that is not a MESSAGE within 10 s (fails on none). */
const char *child_reply(Child *c);

/* Reads until a "MESSAGE depth" line: the search is under way. */
void child_wait_search(Child *c);

/* Waits up to timeout_ms for the brain to exit; returns its wait status,
 * or -1 (after killing it) when it did not. */
int child_wait_exit(Child *c, int timeout_ms);

/* Waits (within 10 s) for an exit with status 0, then closes the pipes. */
void child_expect_clean_exit(Child *c);

/* Closes the pipes (after the brain exited). */
void child_close(Child *c);

/* Kills and reaps every brain child_start started that was not yet
 * closed, and closes its pipes.  A test that fails jumps out of its body
 * and leaves its brain running (perhaps spinning, on old code): use this
 * as the tests' teardown.  Returns 0 (a cmocka teardown). */
int child_reap_all(void **state);

/* CPU time (user + system, all threads) the brain has used, in ms, from
 * /proc/PID/stat; -1 where there is no /proc. */
long long child_cpu_ms(const Child *c);

#endif
#endif
