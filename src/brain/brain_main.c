/*
 * brain_main.c - pbrain-gomoku: the Gomocup brain's stdin/stdout loop.
 *
 * All protocol logic lives in brain_proto.c.  Input is read on its own
 * thread (brain_input.c) so that END and STOP reach a search at once: that
 * thread hands them to brain_interrupt while the main thread searches, and
 * queues every other line for the main thread, which feeds them to the
 * brain in order and writes each reply as one flushed line.
 */
#include <stdio.h>
#include <string.h>

#include "brain_input.h"
#include "brain_proto.h"

static void write_line(const char *line, void *user)
{
    (void)user;
    fputs(line, stdout);
    fputc('\n', stdout);
    /* The manager waits for each reply; nothing may sit in a buffer. */
    fflush(stdout);
}

/* Runs on the input thread for every line as it arrives. */
static unsigned filter(const char *line, void *user)
{
    BrainUrgent what = brain_urgent_kind(line);
    unsigned flags = 0;

    /* After END the brain exits: there is nothing more to read. */
    if (what == BRAIN_URGENT_END) {
        flags |= BRAIN_INPUT_LAST;
    }
    if (brain_interrupt(user, what)) {
        flags |= BRAIN_INPUT_TAKEN;
    }
    return flags;
}

int main(void)
{
    char line[BRAIN_INPUT_LINE_MAX + 1];
    Brain *b = brain_new(write_line, NULL);
    BrainInput *in;

    if (b == NULL) {
        write_line("ERROR out of memory", NULL);
        return 1;
    }
    in = brain_input_start(brain_input_read_stdin, NULL, filter, b);
    if (in == NULL) {
        write_line("ERROR out of memory", NULL);
        brain_free(b);
        return 1;
    }
    for (;;) {
        BrainInputKind kind = brain_input_next(in, line, sizeof line);

        if (kind == BRAIN_INPUT_EOF) {
            break;
        }
        if (kind == BRAIN_INPUT_TOO_LONG) {
            write_line("ERROR line too long", NULL);
        } else if (brain_feed_line(b, line) == BRAIN_QUIT) {
            break;
        }
    }
    /* The input thread has ended by now (END or end of input); stop waits
     * for it, and it no longer touches b. */
    brain_input_stop(in);
    brain_free(b);
    return 0;
}
