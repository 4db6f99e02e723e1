/*
 * engines.h - the session's two engines on their worker threads.
 *
 * The session says what each engine should be searching
 * (session_engine_job); engines_sync starts, replaces or stops the workers
 * to match and passes their progress on.  A worker's answer arrives as an
 * SDL event, and engines_on_event is the path by which it reaches the
 * session (session_engine_result), which drops it when it is stale; an
 * answer whose event SDL refused reaches it the same way at the next
 * engines_sync.
 */
#ifndef GOMOKU_ENGINES_H
#define GOMOKU_ENGINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <SDL.h>

#include "session/session.h"

typedef struct Engines Engines;

/* Where a remote seat's jobs go (SESSION_JOB_REMOTE and
 * SESSION_JOB_REMOTE_OPENING): a transport that asks the player at the
 * other end and later answers with session_engine_result or
 * session_engine_opening_result and the job's gen, the path an engine's
 * answer takes.  start returns 0 when it took the job; cancel drops a job
 * the session no longer wants (the transport's answer to it would be
 * dropped as stale anyway).  No engine ever plays for a remote seat. */
typedef struct EnginesRemote {
    int (*start)(void *user, const SessionJob *job);
    void (*cancel)(void *user, uint32_t gen);
    void *user;
} EnginesRemote;

/* Returns two idle workers, or NULL with a sentence in err.  background:
 * their searches run at a low priority, so the UI keeps its frames on a
 * busy machine (the game; tests want the searches at full speed). */
Engines *engines_new(bool background, char *err, size_t errlen);

/* Stops both searches, waits for the threads and frees e; NULL allowed. */
void engines_free(Engines *e);

/* Hands the session any answer whose event SDL refused, makes the workers
 * run what the session wants now (a remote seat's job goes to the
 * transport instead) and hands the running searches' progress to it;
 * now_ms is the session's clock, for an answer given at once.  Returns 0,
 * or -1 when a search could not be started (err says why; the session is
 * told nothing and asks again). */
int engines_sync(Engines *e, Session *s, uint64_t now_ms, char *err, size_t errlen);

/* Sets the transport for remote seats (NULL: none; a remote seat's job is
 * then answered "cannot answer", which the session reports as it reports
 * an engine that failed).  r is copied. */
void engines_set_remote(Engines *e, const EnginesRemote *r);

/* When ev is a worker's answer, hands it to the session at now_ms,
 * releases it and returns true; returns false for any other event. */
bool engines_on_event(Engines *e, Session *s, const SDL_Event *ev, uint64_t now_ms);

#endif
