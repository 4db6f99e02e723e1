/*
 * brain_serve.c - the read loop around a Brain: lines from the input reader
 * in, replies out, END and STOP passed to a running search at once.
 */
#include "brain_serve.h"

#include <stdio.h>
#include <stdlib.h>

struct BrainServe {
    BrainServeConfig cfg;
    Brain *brain;
    BrainInput *in;
};

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

BrainServe *brain_serve_new(const BrainServeConfig *cfg)
{
    BrainServe *s;

    if (cfg == NULL || cfg->read == NULL || cfg->write == NULL) {
        return NULL;
    }
    s = calloc(1, sizeof *s);
    if (s == NULL) {
        return NULL;
    }
    s->cfg = *cfg;
    s->brain = brain_new(cfg->write, cfg->write_user);
    if (s->brain == NULL) {
        free(s);
        return NULL;
    }
    brain_set_caps(s->brain, cfg->caps);
    if (cfg->seed != 0) {
        brain_set_seed(s->brain, cfg->seed);
    }
    if (cfg->engine != NULL) {
        brain_set_engine(s->brain, cfg->engine);
    }
    s->in = cfg->inline_input ? brain_input_start_inline(cfg->read, cfg->read_ctx, filter, s->brain)
                              : brain_input_start(cfg->read, cfg->read_ctx, filter, s->brain);
    if (s->in == NULL) {
        brain_free(s->brain);
        free(s);
        return NULL;
    }
    return s;
}

BrainStatus brain_serve_step(BrainServe *s, BrainInputKind *kind, char *line, size_t cap)
{
    char buf[BRAIN_INPUT_LINE_MAX + 1];
    BrainInputKind k = brain_input_next(s->in, buf, sizeof buf);
    BrainStatus st = BRAIN_CONTINUE;

    if (kind != NULL) {
        *kind = k;
    }
    if (line != NULL && cap > 0) {
        snprintf(line, cap, "%s", buf);
    }
    switch (k) {
    case BRAIN_INPUT_LINE: st = brain_feed_line(s->brain, buf); break;
    case BRAIN_INPUT_TOO_LONG:
        /* Nothing a manager sends is that long: the line is skipped whole,
         * whatever it was inside a BOARD. */
        snprintf(buf, sizeof buf, "ERROR line too long (over %d bytes): ignored",
                 BRAIN_INPUT_LINE_MAX);
        s->cfg.write(buf, s->cfg.write_user);
        break;
    case BRAIN_INPUT_NUL:
        s->cfg.write("ERROR line holds a NUL byte: ignored", s->cfg.write_user);
        break;
    case BRAIN_INPUT_EOF: st = BRAIN_QUIT; break;
    }
    return st;
}

Brain *brain_serve_brain(BrainServe *s)
{
    return s != NULL ? s->brain : NULL;
}

void brain_serve_free(BrainServe *s)
{
    if (s == NULL) {
        return;
    }
    /* The reader's filter uses the brain: it goes first.  After END or end
     * of input its thread has ended, and stop waits for it. */
    brain_input_stop(s->in);
    brain_free(s->brain);
    free(s);
}

int brain_serve_run(const BrainServeConfig *cfg)
{
    BrainServe *s = brain_serve_new(cfg);

    if (s == NULL) {
        if (cfg != NULL && cfg->write != NULL) {
            cfg->write("ERROR out of memory", cfg->write_user);
        }
        return -1;
    }
    while (brain_serve_step(s, NULL, NULL, 0) == BRAIN_CONTINUE) {
    }
    brain_serve_free(s);
    return 0;
}
