/*
 * brain_main.c - pbrain-gomoku: the Gomocup brain on stdin and stdout.
 *
 * Everything else lives in the library: the session loop in brain_serve.c,
 * the input thread in brain_input.c (END and STOP reach a search at once),
 * the protocol in brain_proto.c.  Here: the process's streams.
 */
#ifndef _WIN32
#define _POSIX_C_SOURCE 200809L /* sigaction in strict C11 */
#include <signal.h>
#endif

#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "brain_serve.h"

static void write_line(const char *line, void *user)
{
    (void)user;
    fputs(line, stdout);
    fputc('\n', stdout);
    /* The manager waits for each reply; nothing may sit in a buffer. */
    fflush(stdout);
}

int main(void)
{
    BrainServeConfig cfg;

#ifndef _WIN32
    {
        /* A manager that closes our output (or dies) must not kill us with
         * SIGPIPE in the middle of a reply: the write fails instead, and
         * end of input or END ends the brain as usual. */
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = SIG_IGN;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGPIPE, &sa, NULL);
    }
#endif
    memset(&cfg, 0, sizeof cfg);
    cfg.read = brain_input_read_stdin;
    cfg.write = write_line;
    /* Openings differ from run to run (a match starts a brain per game);
     * the stack address adds what address randomisation gives. */
    cfg.seed = (uint32_t)time(NULL) * 2654435761u ^ (uint32_t)(uintptr_t)&cfg;
    if (cfg.seed == 0) {
        cfg.seed = 1;
    }
    return brain_serve_run(&cfg) == 0 ? 0 : 1;
}
