/*
 * brain_proto.h - the Gomocup ("pbrain") protocol, without any I/O.
 *
 * A Brain is fed the manager's lines one at a time and answers through a
 * writer callback, one complete line per call (no line terminator).  It
 * keeps the position, the manager's settings and a lazily created engine
 * (brain_state.h, included here: making, setting and reading a Brain), so
 * brain_main.c is only a read loop and the tests can script sessions.
 * A Brain is used by one thread at a time, with one exception:
 * brain_interrupt, which an input thread calls while the brain searches.
 * See docs/brain.md.
 */
#ifndef GOMOKU_BRAIN_PROTO_H
#define GOMOKU_BRAIN_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "brain_state.h"

typedef enum BrainStatus {
    BRAIN_CONTINUE = 0, /* keep reading */
    BRAIN_QUIT = 1      /* END was received: stop */
} BrainStatus;

/* What a line asks of a search in progress. */
typedef enum BrainUrgent {
    BRAIN_URGENT_NONE = 0, /* nothing: it waits its turn */
    BRAIN_URGENT_STOP,     /* STOP or YXSTOP: answer the best move found so far now */
    BRAIN_URGENT_END       /* END: abandon the search and quit */
} BrainUrgent;

/* Handles one line from the manager (without its line terminator; a
 * trailing CR or LF is tolerated).  Replies, if any, go to the writer
 * before this returns.  Bad input is answered with ERROR or UNKNOWN and
 * never stops the brain.  Returns BRAIN_QUIT after END, else
 * BRAIN_CONTINUE. */
BrainStatus brain_feed_line(Brain *b, const char *line);

/* Returns what line (as it would be fed to brain_feed_line) asks of a
 * search in progress; NULL stands for end of input, which asks nothing
 * (BRAIN_URGENT_NONE): the move being searched is still answered, then the
 * brain quits.
 * Reads nothing else: callable from any thread. */
BrainUrgent brain_urgent_kind(const char *line);

/* The one call that is safe from any thread, also while another thread is
 * inside brain_feed_line.  When a search is in progress, STOP makes it end
 * at once and the move found so far is answered as usual; END makes it end
 * without writing anything more, and the brain_feed_line running it returns
 * BRAIN_QUIT (as does every later call).  Returns true when a search was in
 * progress and took the request; false, changing nothing, when none was
 * (the caller then feeds the line in its turn: STOP is answered UNKNOWN,
 * END quits).  BRAIN_URGENT_NONE returns false. */
bool brain_interrupt(Brain *b, BrainUrgent what);

#endif
