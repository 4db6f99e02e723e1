/*
 * ai_worker.c - one SDL thread per search around a few long-lived engines.
 *
 * A fresh thread per job rather than a resident thread fed from a queue:
 * a job lasts from milliseconds to seconds, so creating a thread costs
 * nothing measurable, while a resident thread would need a condition
 * variable, a job slot and a shutdown protocol.  SDL_WaitThread is the only
 * synchronisation needed to hand an engine back.
 *
 * A search may run at a low priority (ai_worker_set_background), so the UI
 * and a software GL get the CPU first.  Then the main thread must never
 * wait for a search to notice its cancel flag: on a machine busy with other
 * work a low-priority thread may not run for a second, and the game would
 * freeze on every undo.  So a search that is no longer wanted is abandoned:
 * its flag is raised and it finishes on its own engine while the next
 * search starts on another (AI_WORKER_ENGINES of them, made as needed, a
 * few MB each); its thread is joined once it has ended.  Only
 * ai_worker_cancel and ai_worker_free wait.
 *
 * Ownership between the threads:
 *   - A run (one search) and its engine belong to the main thread until
 *     SDL_CreateThread, then to the search thread until SDL_WaitThread
 *     returns; those two calls order every access, but for run->cancel and
 *     run->running (atomics, read and written by both).
 *   - w->seq, w->progress, w->has_progress and w->refused are guarded by
 *     w->lock.  The worker outlives every thread it started (ai_worker_free
 *     joins them first), so a thread may still take the lock after it has
 *     let go of its run.
 *   - Everything else of w is touched by the main thread only.
 */
#include "platform/ai_worker.h"

#include "core/err.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The engine recurses once per ply (plus forced replies) with move lists on
 * the stack; rather than trust the platform default for secondary threads
 * (only 512 KB on macOS), reserve a roomy stack.  It is only reserved, not
 * committed, on Linux, macOS and Windows alike. */
#define AI_WORKER_STACK_BYTES ((size_t)8 * 1024 * 1024)
/* Engines per worker: the running search and up to three abandoned ones
 * still finishing.  Past that, starting a search waits for the oldest. */
#define AI_WORKER_ENGINES 4
/* Refused results kept at once: one per engine is the most that can end
 * between two calls of ai_worker_take_refused on a loop that runs it every
 * frame; past this the oldest (then surely stale) is dropped. */
#define AI_WORKER_REFUSED_MAX (2 * AI_WORKER_ENGINES)

/* An engine and the rules its hash table learned under. */
typedef struct AiWorkerEngine {
    Ai *ai;    /* NULL until first needed */
    bool busy; /* a run holds it */
    bool have_last;
    Rules last_rules;
    int last_size;
} AiWorkerEngine;

/* One search. */
typedef struct AiWorkerRun {
    AiWorker *w;
    int engine; /* index in w->engine */
    Ai *ai;
    SDL_Thread *thread;
    atomic_int cancel;   /* handed to the engine as req.cancel */
    atomic_bool running; /* true from start until the result is on its way */
    AiRequest req;
    int opening; /* -1: a search; else ai_opening_answer's place_two */
    uint32_t job;
    uint32_t seq;           /* its progress counts while w->seq is this */
    AiWorkerResult *result; /* allocated by start, handed on by the thread */
} AiWorkerRun;

struct AiWorker {
    size_t tt_bytes;
    bool background; /* searches at low priority */
    AiWorkerEngine engine[AI_WORKER_ENGINES];
    AiWorkerRun *current;                      /* the wanted search; NULL: none */
    AiWorkerRun *abandoned[AI_WORKER_ENGINES]; /* oldest first, threads to join */
    int nabandoned;

    SDL_mutex *lock;
    uint32_t seq; /* the current search's number */
    bool has_progress;
    AiInfo progress;
    /* Results SDL would not queue (queue full, shut down, or filtered),
     * oldest first, until ai_worker_take_refused: an answer is never lost,
     * or the session would wait for it for ever. */
    AiWorkerResult *refused[AI_WORKER_REFUSED_MAX];
    int nrefused;
};

/* The registered event type, or 0 while none is.  SDL_RegisterEvents never
 * returns 0 (user events start at SDL_USEREVENT), so 0 is a safe marker. */
static SDL_atomic_t event_type;
static SDL_SpinLock event_type_lock;

/* Registers the event type once even if two threads race here.  Returns
 * it, or 0 when SDL has none left. */
static Uint32 register_event_type(void)
{
    Uint32 type = (Uint32)SDL_AtomicGet(&event_type);
    if (type != 0) {
        return type;
    }
    SDL_AtomicLock(&event_type_lock);
    type = (Uint32)SDL_AtomicGet(&event_type);
    if (type == 0) {
        type = SDL_RegisterEvents(1);
        if (type != (Uint32)-1) {
            SDL_AtomicSet(&event_type, (int)type);
        }
    }
    SDL_AtomicUnlock(&event_type_lock);
    return type == (Uint32)-1 ? 0 : type;
}

Uint32 ai_worker_event_type(void)
{
    Uint32 type = (Uint32)SDL_AtomicGet(&event_type);
    return type != 0 ? type : (Uint32)-1;
}

/* Engine callback, on the search thread: only the wanted search reports. */
static void on_info(const AiInfo *info, void *user)
{
    AiWorkerRun *run = user;
    AiWorker *w = run->w;
    SDL_LockMutex(w->lock);
    if (w->seq == run->seq) {
        w->progress = *info;
        w->has_progress = true;
    }
    SDL_UnlockMutex(w->lock);
}

/* Drops the first of n items of the given size, keeping the order of the
 * rest: the queues here are a few pointers long. */
static void drop_first(void *items, int *n, size_t size)
{
    (*n)--;
    memmove(items, (char *)items + size, (size_t)*n * size);
}

/* Keeps a result SDL refused for ai_worker_take_refused (on the search
 * thread, after it let go of its run). */
static void keep_refused(AiWorker *w, AiWorkerResult *r)
{
    SDL_LockMutex(w->lock);
    if (w->nrefused == AI_WORKER_REFUSED_MAX) {
        ai_worker_result_free(w->refused[0]);
        drop_first(w->refused, &w->nrefused, sizeof w->refused[0]);
    }
    w->refused[w->nrefused++] = r;
    SDL_UnlockMutex(w->lock);
}

static void post_result(AiWorker *w, AiWorkerResult *r)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = ai_worker_event_type();
    ev.user.code = (Sint32)r->job;
    ev.user.data1 = r;
    /* Returns 1 when queued; 0 (filtered) and -1 (queue full, events not
     * initialised) both leave the result with us. */
    int rc = SDL_PushEvent(&ev);
    if (rc != 1) {
        fprintf(stderr, "gomoku: SDL did not queue the engine's answer to job %u (%s)\n",
                (unsigned)r->job, rc == 0 ? "an event filter" : SDL_GetError());
        keep_refused(w, r);
    }
}

static int search_thread(void *data)
{
    AiWorkerRun *run = data;
    if (run->w->background) {
        /* Yield to the UI thread (frames, input) and to the threads of a
         * software GL; the search still gets every cycle they leave.  On
         * Linux this is the thread's nice value, which the engine's helper
         * threads inherit.  Failing is harmless. */
        SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW);
    }
    AiInfo info;
    memset(&info, 0, sizeof info);
    info.best = MOVE_NONE;
    AiOpening opening;
    memset(&opening, 0, sizeof opening);
    int status = run->opening >= 0 ? ai_opening_answer(run->ai, &run->req, run->opening, &opening)
                                   : ai_search(run->ai, &run->req, &info);

    AiWorker *w = run->w;
    AiWorkerResult *r = run->result;
    run->result = NULL;
    r->job = run->job;
    r->cancelled = atomic_load(&run->cancel) != 0;
    r->status = status;
    r->info = info;
    r->is_opening = run->opening >= 0;
    r->opening = opening;
    /* From here on the thread touches nothing of the run (the main thread
     * may see running == false, join and free it), and of the worker only
     * what w->lock guards. */
    atomic_store(&run->running, false);
    post_result(w, r);
    return 0;
}

/* Joins an abandoned run's thread, gives its engine back, frees it. */
static void join_run(AiWorker *w, AiWorkerRun *run)
{
    SDL_WaitThread(run->thread, NULL);
    w->engine[run->engine].busy = false;
    free(run->result); /* NULL unless the thread never started */
    free(run);
}

/* Joins the abandoned runs that have ended (all of them with wait). */
static void reap(AiWorker *w, bool wait)
{
    int kept = 0;
    for (int i = 0; i < w->nabandoned; i++) {
        AiWorkerRun *run = w->abandoned[i];
        if (wait || !atomic_load(&run->running)) {
            join_run(w, run);
        } else {
            w->abandoned[kept++] = run;
        }
    }
    w->nabandoned = kept;
}

/* Raises the wanted search's flag and lets it finish on its own. */
static void abandon(AiWorker *w)
{
    AiWorkerRun *run = w->current;
    if (run == NULL) {
        return;
    }
    atomic_store(&run->cancel, 1);
    w->current = NULL;
    w->abandoned[w->nabandoned++] = run;
    /* Its reports from now on would describe a search nobody wants; the
     * last one before stays readable. */
    SDL_LockMutex(w->lock);
    w->seq++;
    SDL_UnlockMutex(w->lock);
}

/* Returns the index of a free engine (made if need be), waiting for the
 * oldest abandoned search when every engine is taken; -1 when out of
 * memory. */
static int take_engine(AiWorker *w)
{
    reap(w, false);
    for (;;) {
        for (int i = 0; i < AI_WORKER_ENGINES; i++) {
            AiWorkerEngine *e = &w->engine[i];
            if (!e->busy && e->ai == NULL) {
                e->ai = ai_new(w->tt_bytes);
            }
            if (!e->busy && e->ai != NULL) {
                e->busy = true;
                return i;
            }
        }
        if (w->nabandoned == 0) {
            return -1;
        }
        join_run(w, w->abandoned[0]);
        drop_first(w->abandoned, &w->nabandoned, sizeof w->abandoned[0]);
    }
}

AiWorker *ai_worker_new(size_t tt_bytes, char *err, size_t errlen)
{
    if (register_event_type() == 0) {
        err_set(err, errlen, "%s", "no SDL user event types left for the engine's answers");
        return NULL;
    }
    AiWorker *w = calloc(1, sizeof *w);
    if (w == NULL) {
        err_set(err, errlen, "%s", "out of memory for the engine");
        return NULL;
    }
    w->tt_bytes = tt_bytes;
    w->lock = SDL_CreateMutex();
    /* The engines (11 MB each) are made by the first job that needs one
     * (take_engine): a game between two people never makes one, and a
     * start that runs out of memory says so. */
    if (w->lock == NULL) {
        free(w);
        err_set(err, errlen, "%s", "cannot create the engine's lock");
        return NULL;
    }
    return w;
}

void ai_worker_set_background(AiWorker *w, bool background)
{
    if (w != NULL) {
        w->background = background;
    }
}

void ai_worker_free(AiWorker *w)
{
    if (w == NULL) {
        return;
    }
    ai_worker_cancel(w);
    for (int i = 0; i < AI_WORKER_ENGINES; i++) {
        ai_free(w->engine[i].ai);
    }
    for (int i = 0; i < w->nrefused; i++) {
        ai_worker_result_free(w->refused[i]);
    }
    SDL_DestroyMutex(w->lock);
    free(w);
}

/* The hash table is keyed by position only, so what it learned under other
 * rules or on another board size would mislead the search.  (Today the
 * engine clears it for every search anyway; this keeps the worker right if
 * the engine starts carrying it across moves.) */
static void fit_engine(AiWorkerEngine *e, const AiRequest *req)
{
    if (e->have_last && (e->last_rules.kind != req->rules.kind || e->last_rules.k != req->rules.k ||
                         e->last_size != req->board.size)) {
        ai_clear(e->ai);
    }
    e->have_last = true;
    e->last_rules = req->rules;
    e->last_size = req->board.size;
}

/* A run for req on engine i, with its result allocated (so that every
 * started job is sure to deliver one); NULL when out of memory. */
static AiWorkerRun *new_run(AiWorker *w, int i, const AiRequest *req, int opening, uint32_t job)
{
    AiWorkerRun *run = calloc(1, sizeof *run);
    AiWorkerResult *result = malloc(sizeof *result);
    if (run == NULL || result == NULL) {
        free(run);
        free(result);
        return NULL;
    }
    run->w = w;
    run->engine = i;
    run->ai = w->engine[i].ai;
    run->result = result;
    run->req = *req;
    run->req.cancel = &run->cancel;
    run->req.on_info = on_info;
    run->req.user = run;
    run->job = job;
    run->opening = opening;
    atomic_init(&run->cancel, 0);
    atomic_init(&run->running, true);
    return run;
}

/* Starts a search (opening -1) or an opening answer (place_two). */
static int start_run(AiWorker *w, const AiRequest *req, int opening, uint32_t job, char *err,
                     size_t errlen)
{
    if (w == NULL || req == NULL) {
        err_set(err, errlen, "%s",
                w == NULL ? "no worker to search with" : "no position to search");
        return -1;
    }
    abandon(w);
    int i = take_engine(w);
    AiWorkerRun *run = i >= 0 ? new_run(w, i, req, opening, job) : NULL;
    if (run == NULL) {
        if (i >= 0) {
            w->engine[i].busy = false;
        }
        err_set(err, errlen, "%s", "out of memory for the engine");
        return -1;
    }
    fit_engine(&w->engine[i], req);
    SDL_LockMutex(w->lock);
    run->seq = ++w->seq;
    w->has_progress = false;
    SDL_UnlockMutex(w->lock);

    run->thread =
        SDL_CreateThreadWithStackSize(search_thread, "gomoku-ai", AI_WORKER_STACK_BYTES, run);
    if (run->thread == NULL) {
        char why[256];
        snprintf(why, sizeof why, "cannot start the search thread: %s", SDL_GetError());
        err_set(err, errlen, "%s", why);
        w->engine[i].busy = false;
        free(run->result);
        free(run);
        return -1;
    }
    w->current = run;
    return 0;
}

int ai_worker_start(AiWorker *w, const AiRequest *req, uint32_t job, char *err, size_t errlen)
{
    return start_run(w, req, -1, job, err, errlen);
}

int ai_worker_start_opening(AiWorker *w, const AiRequest *req, int place_two, uint32_t job,
                            char *err, size_t errlen)
{
    return start_run(w, req, place_two != 0 ? 1 : 0, job, err, errlen);
}

void ai_worker_abandon(AiWorker *w)
{
    if (w != NULL) {
        abandon(w);
        reap(w, false);
    }
}

void ai_worker_cancel(AiWorker *w)
{
    if (w != NULL) {
        abandon(w);
        reap(w, true);
    }
}

bool ai_worker_busy(AiWorker *w)
{
    return w != NULL && w->current != NULL && atomic_load(&w->current->running);
}

bool ai_worker_progress(AiWorker *w, AiInfo *out)
{
    if (w == NULL || out == NULL) {
        return false;
    }
    SDL_LockMutex(w->lock);
    bool have = w->has_progress;
    if (have) {
        *out = w->progress;
    }
    SDL_UnlockMutex(w->lock);
    return have;
}

AiWorkerResult *ai_worker_take_refused(AiWorker *w)
{
    if (w == NULL) {
        return NULL;
    }
    SDL_LockMutex(w->lock);
    AiWorkerResult *r = w->nrefused > 0 ? w->refused[0] : NULL;
    if (r != NULL) {
        drop_first(w->refused, &w->nrefused, sizeof w->refused[0]);
    }
    SDL_UnlockMutex(w->lock);
    return r;
}

void ai_worker_result_free(AiWorkerResult *r)
{
    free(r);
}
