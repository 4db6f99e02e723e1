/*
 * ai_worker.c - one SDL thread per search around a long-lived engine.
 *
 * A fresh thread per job rather than a resident thread fed from a queue:
 * a job lasts from milliseconds to seconds, so creating a thread costs
 * nothing measurable, while a resident thread would need a condition
 * variable, a job slot and a shutdown protocol.  With one thread per job,
 * SDL_WaitThread is the only synchronisation needed to hand the engine
 * back and forth, and "cancel" is exactly "raise the flag, join".
 *
 * Ownership between the threads:
 *   - w->ai, w->req, w->job and w->result belong to the main thread while
 *     no search thread exists, and to the search thread from SDL_CreateThread until
 *     SDL_WaitThread returns; those two calls order every access.
 *   - w->cancel and w->running are atomics, read and written by both.
 *   - w->progress and w->has_progress are guarded by w->lock.
 *   - w->thread and w->last_* are touched by the main thread only.
 */
#include "ai_worker.h"

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

struct AiWorker {
    Ai *ai;
    SDL_Thread *thread;  /* NULL when no thread needs joining */
    atomic_int cancel;   /* handed to the engine as req.cancel */
    atomic_bool running; /* true from start until the result is on its way */

    AiRequest req; /* the position of the current or last job */
    uint32_t job;
    AiWorkerResult *result; /* allocated by start, handed on by the thread */
    bool have_last;         /* last_rules/last_size hold the previous job's */
    Rules last_rules;
    int last_size;

    SDL_mutex *lock;
    bool has_progress;
    AiInfo progress;
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

/* Engine callback, on the search thread. */
static void on_info(const AiInfo *info, void *user)
{
    AiWorker *w = user;
    SDL_LockMutex(w->lock);
    w->progress = *info;
    w->has_progress = true;
    SDL_UnlockMutex(w->lock);
}

static void post_result(AiWorkerResult *r)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = ai_worker_event_type();
    ev.user.code = (Sint32)r->job;
    ev.user.data1 = r;
    /* Returns 1 when queued; 0 (filtered) and -1 (queue full, events not
     * initialised) both leave the result with us. */
    if (SDL_PushEvent(&ev) != 1) {
        ai_worker_result_free(r);
    }
}

static int search_thread(void *data)
{
    AiWorker *w = data;
    /* The search yields to the UI thread (frames, input) and to the threads
     * of a software GL; it still gets every cycle they leave.  On Linux this
     * is the thread's nice value, which the engine's helper threads inherit.
     * Failing is harmless: the search just competes as before. */
    SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW);
    AiInfo info;
    memset(&info, 0, sizeof info);
    info.best = MOVE_NONE;
    int status = ai_search(w->ai, &w->req, &info);

    AiWorkerResult *r = w->result;
    w->result = NULL;
    r->job = w->job;
    r->cancelled = atomic_load(&w->cancel) != 0;
    r->status = status;
    r->info = info;
    /* From here on the thread touches nothing of w: the main thread may see
     * busy == false and start the next job, which joins us first. */
    atomic_store(&w->running, false);
    post_result(r);
    return 0;
}

static void join(AiWorker *w)
{
    if (w->thread != NULL) {
        SDL_WaitThread(w->thread, NULL);
        w->thread = NULL;
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
    atomic_init(&w->cancel, 0);
    atomic_init(&w->running, false);
    w->lock = SDL_CreateMutex();
    w->ai = w->lock != NULL ? ai_new(tt_bytes) : NULL;
    if (w->ai == NULL) {
        if (w->lock != NULL) {
            SDL_DestroyMutex(w->lock);
        }
        free(w);
        err_set(err, errlen, "%s", "out of memory for the engine");
        return NULL;
    }
    return w;
}

void ai_worker_free(AiWorker *w)
{
    if (w == NULL) {
        return;
    }
    ai_worker_cancel(w);
    ai_free(w->ai);
    SDL_DestroyMutex(w->lock);
    free(w);
}

int ai_worker_start(AiWorker *w, const AiRequest *req, uint32_t job, char *err, size_t errlen)
{
    if (w == NULL || req == NULL) {
        err_set(err, errlen, "%s",
                w == NULL ? "no worker to search with" : "no position to search");
        return -1;
    }
    ai_worker_cancel(w);

    /* The hash table is keyed by position only, so what it learned under
     * other rules or on another board size would mislead the search.  (Today
     * the engine clears it for every search anyway; this keeps the worker
     * right if the engine starts carrying it across moves.) */
    if (w->have_last && (w->last_rules.kind != req->rules.kind || w->last_rules.k != req->rules.k ||
                         w->last_size != req->board.size)) {
        ai_clear(w->ai);
    }
    w->have_last = true;
    w->last_rules = req->rules;
    w->last_size = req->board.size;

    w->req = *req;
    w->req.cancel = &w->cancel;
    w->req.on_info = on_info;
    w->req.user = w;
    w->job = job;
    /* Allocated here rather than by the thread so that every started job is
     * sure to deliver its result. */
    w->result = malloc(sizeof *w->result);
    if (w->result == NULL) {
        err_set(err, errlen, "%s", "out of memory for the engine's answer");
        return -1;
    }
    atomic_store(&w->cancel, 0);

    SDL_LockMutex(w->lock);
    w->has_progress = false;
    SDL_UnlockMutex(w->lock);

    atomic_store(&w->running, true);
    w->thread = SDL_CreateThreadWithStackSize(search_thread, "gomoku-ai", AI_WORKER_STACK_BYTES, w);
    if (w->thread == NULL) {
        atomic_store(&w->running, false);
        free(w->result);
        w->result = NULL;
        char why[256];
        snprintf(why, sizeof why, "cannot start the search thread: %s", SDL_GetError());
        err_set(err, errlen, "%s", why);
        return -1;
    }
    return 0;
}

void ai_worker_cancel(AiWorker *w)
{
    if (w == NULL || w->thread == NULL) {
        return;
    }
    atomic_store(&w->cancel, 1);
    join(w);
}

bool ai_worker_busy(AiWorker *w)
{
    return w != NULL && atomic_load(&w->running);
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

void ai_worker_result_free(AiWorkerResult *r)
{
    free(r);
}
