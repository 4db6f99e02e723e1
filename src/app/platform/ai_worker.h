/*
 * ai_worker.h - runs the engine on its own SDL thread.
 *
 * The main thread hands the worker a copy of the position (an AiRequest is
 * a value), so the search never touches the game the UI is drawing.  The
 * finished move comes back as an SDL event of type ai_worker_event_type()
 * whose user.code is the job id and whose user.data1 is an AiWorkerResult
 * that the receiver must release with ai_worker_result_free().  When SDL
 * refuses the event (its queue full or shut down, or a filter said no) the
 * worker keeps the result for ai_worker_take_refused instead, so a loop that
 * also calls that never waits for an answer that cannot come.  Results of
 * cancelled or superseded jobs are still delivered, flagged cancelled, so
 * the receiver can tell them apart by job id; the UI simply drops them.
 *
 * A search that is no longer wanted is abandoned rather than waited for:
 * it finishes on an engine of its own while the next one starts (see
 * ai_worker.c), so ai_worker_start and ai_worker_abandon never wait for a
 * search thread, and results may arrive out of order: match them by job.
 *
 * Every function but ai_worker_event_type and ai_worker_result_free must be
 * called from one thread (the main thread).
 */
#ifndef GOMOKU_AI_WORKER_H
#define GOMOKU_AI_WORKER_H

#include <stdbool.h>
#include <stdint.h>

#include <SDL.h>

#include "ai/ai.h"
#include "ai/ai_opening.h"

typedef struct AiWorker AiWorker;

typedef struct AiWorkerResult {
    uint32_t job;    /* the id given to ai_worker_start */
    bool cancelled;  /* the search was abandoned (or cancelled) before it
                      * finished; a search that ends in the same instant may
                      * be delivered unflagged, so match on job */
    int status;      /* ai_search's (or ai_opening_answer's) return value */
    AiInfo info;     /* the chosen move is info.best */
    bool is_opening; /* an ai_worker_start_opening job: the answer is opening */
    AiOpening opening;
} AiWorkerResult;

/* Returns a new idle worker, or NULL with a sentence in err.  Its engines
 * (hash table of tt_bytes, 0 = engine default) are made by the first
 * searches that need them.  Registers the event type on first use; call
 * after SDL_Init. */
AiWorker *ai_worker_new(size_t tt_bytes, char *err, size_t errlen);

/* Cancels any search, waits for the threads and releases w; NULL allowed. */
void ai_worker_free(AiWorker *w);

/* background: the searches started from now on run at a low thread priority
 * (SDL_THREAD_PRIORITY_LOW), yielding the CPU to the UI.  Off by default. */
void ai_worker_set_background(AiWorker *w, bool background);

/* Returns the SDL event type the results arrive with ((Uint32)-1 before the
 * first ai_worker_new). */
Uint32 ai_worker_event_type(void);

/* Starts searching a copy of *req (its cancel, on_info and user fields are
 * ignored: the worker supplies its own).  A search already running is
 * abandoned (ai_worker_abandon); only when several abandoned searches still
 * hold every engine does this wait for the oldest.  Returns 0, or -1 with a
 * sentence in err. */
int ai_worker_start(AiWorker *w, const AiRequest *req, uint32_t job, char *err, size_t errlen);

/* As ai_worker_start, but the thread answers a swap opening's decision
 * with ai_opening_answer(req, place_two) and the result carries it
 * (is_opening, opening). */
int ai_worker_start_opening(AiWorker *w, const AiRequest *req, int place_two, uint32_t job,
                            char *err, size_t errlen);

/* Asks the running search (if any) to stop and returns at once: it ends on
 * its own and its result event is still posted, flagged cancelled.  Safe to
 * call when idle. */
void ai_worker_abandon(AiWorker *w);

/* As ai_worker_abandon, then waits until every search thread of w has
 * ended, so their result events are queued when it returns. */
void ai_worker_cancel(AiWorker *w);

/* Returns true while the wanted search (the last started, not abandoned)
 * is running. */
bool ai_worker_busy(AiWorker *w);

/* Copies the latest progress report of the wanted search (or, after it
 * ended or was abandoned, its last one) into *out and returns true, or
 * returns false when there is none yet. */
bool ai_worker_progress(AiWorker *w, AiInfo *out);

/* Returns the oldest result whose event SDL refused, now the caller's to
 * release with ai_worker_result_free, or NULL when none waits (or w is
 * NULL).  Treat it as if its event had come. */
AiWorkerResult *ai_worker_take_refused(AiWorker *w);

/* Releases a result taken from an event; NULL allowed. */
void ai_worker_result_free(AiWorkerResult *r);

#endif
