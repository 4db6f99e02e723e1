/*
 * brain_serve.h - a whole Gomocup session: the input reader (brain_input)
 * feeding a Brain (brain_proto), as pbrain-gomoku runs it.
 *
 * The executable serves its standard input and output; the tests and the
 * fuzz target serve a script from memory through the same code, one input
 * item at a time if they want to look at the brain in between.
 */
#ifndef GOMOKU_BRAIN_SERVE_H
#define GOMOKU_BRAIN_SERVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "brain_input.h"
#include "brain_proto.h"

/* Where a session reads and writes, and how. */
typedef struct BrainServeConfig {
    BrainInputReadFn read; /* the manager's input (brain_input_read_stdin) */
    void *read_ctx;
    BrainWriteFn write; /* one reply line per call */
    void *write_user;
    /* Read on the serving thread (brain_input_start_inline): STOP and END
     * are then only obeyed in their turn, and a session always runs the
     * same way.  Otherwise input is read on a thread of its own. */
    bool inline_input;
    BrainCaps caps; /* bounds on every search (brain_set_caps) */
    Ai *engine;     /* an engine to share (brain_set_engine), or NULL */
    uint32_t seed;  /* varies the opening stones (brain_set_seed); 0: the default */
} BrainServeConfig;

typedef struct BrainServe BrainServe;

/* Returns a session over cfg (copied), or NULL when memory runs out or cfg
 * lacks read or write.  Free with brain_serve_free. */
BrainServe *brain_serve_new(const BrainServeConfig *cfg);

/* Takes the next item of input (waiting for it) and handles it: a line goes
 * to the brain, a line the reader refused (too long, a NUL byte) is
 * answered with ERROR.  When kind is not NULL it receives the item's kind,
 * and line (cap bytes) the line's text.  Returns BRAIN_QUIT after END or at
 * end of input (nothing follows), else BRAIN_CONTINUE. */
BrainStatus brain_serve_step(BrainServe *s, BrainInputKind *kind, char *line, size_t cap);

/* Returns the session's brain, to look at or to adjust (brain_set_caps,
 * brain_set_engine) between steps. */
Brain *brain_serve_brain(BrainServe *s);

/* Stops reading and frees s and its brain; NULL is allowed. */
void brain_serve_free(BrainServe *s);

/* Serves a whole session: steps until END or end of input.  Returns 0, or
 * -1 when memory ran out at the start (said with ERROR through cfg's
 * writer, when there is one). */
int brain_serve_run(const BrainServeConfig *cfg);

#endif
