/*
 * storage_writer.c - a queue of file writes and one SDL thread that does
 * them, in order; the results go back through a second queue.
 */
#include "store/storage_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "core/err.h"

typedef struct Job {
    struct Job *next;
    StorageResult r; /* filled in as the job is given, then done */
} Job;

struct StorageWriter {
    SDL_Thread *thread; /* NULL: jobs run when given */
    SDL_mutex *lock;
    SDL_cond *wake; /* a job came, or stop */
    SDL_cond *idle; /* the queue emptied */
    Job *jobs;      /* waiting, oldest first */
    Job *results;   /* done, oldest first */
    bool running;   /* the thread runs a job now (taken off jobs) */
    bool stop;
};

/* Registered on the UI thread at the first storage_writer_new: one of the
 * app's few process-wide pieces (HACKING.md). */
static uint32_t event_type;

uint32_t storage_writer_event_type(void)
{
    return event_type;
}

static void append(Job **list, Job *j)
{
    while (*list != NULL) {
        list = &(*list)->next;
    }
    j->next = NULL;
    *list = j;
}

/* Does one job (no lock held: the disk may be slow). */
static void run(Job *j)
{
    StorageResult *r = &j->r;
    if (r->kind == STORAGE_JOB_REMOVE) {
        r->status = storage_remove(r->path, r->err, sizeof r->err);
    } else {
        r->status = storage_write_atomic(r->path, r->data, r->len, r->err, sizeof r->err);
    }
}

/* Tells the UI thread a result waits (a loop asleep in SDL_WaitEvent wakes). */
static void announce(void)
{
    if (event_type != 0) {
        SDL_Event ev;
        SDL_zero(ev);
        ev.type = event_type;
        SDL_PushEvent(&ev);
    }
}

static int thread_main(void *arg)
{
    StorageWriter *w = arg;
    SDL_LockMutex(w->lock);
    for (;;) {
        while (w->jobs == NULL && !w->stop) {
            SDL_CondWait(w->wake, w->lock);
        }
        if (w->jobs == NULL) {
            break; /* stop, with nothing left to write */
        }
        Job *j = w->jobs;
        w->jobs = j->next;
        w->running = true;
        SDL_UnlockMutex(w->lock);
        run(j);
        SDL_LockMutex(w->lock);
        w->running = false;
        append(&w->results, j);
        announce();
        if (w->jobs == NULL) {
            SDL_CondBroadcast(w->idle);
        }
    }
    SDL_UnlockMutex(w->lock);
    return 0;
}

StorageWriter *storage_writer_new(bool threaded, char *err, size_t errlen)
{
    StorageWriter *w = calloc(1, sizeof *w);
    if (w == NULL) {
        err_set(err, errlen, "out of memory");
        return NULL;
    }
    if (!threaded) {
        return w;
    }
    if (event_type == 0) {
        Uint32 t = SDL_RegisterEvents(1);
        event_type = t != (Uint32)-1 ? t : 0;
    }
    w->lock = SDL_CreateMutex();
    w->wake = SDL_CreateCond();
    w->idle = SDL_CreateCond();
    if (w->lock != NULL && w->wake != NULL && w->idle != NULL) {
        w->thread = SDL_CreateThread(thread_main, "gomoku-save", w);
    }
    if (w->thread == NULL) {
        err_set(err, errlen, "cannot start the thread that saves files: %s", SDL_GetError());
        storage_writer_free(w);
        return NULL;
    }
    return w;
}

/* Drops the waiting job for path, if any (its data freed). */
static void drop_waiting(StorageWriter *w, const char *path)
{
    for (Job **p = &w->jobs; *p != NULL;) {
        Job *j = *p;
        if (strcmp(j->r.path, path) == 0) {
            *p = j->next;
            free(j->r.data);
            free(j);
        } else {
            p = &j->next;
        }
    }
}

/* Queues j (or, without a thread, does it now). */
static StorageStatus give(StorageWriter *w, Job *j, bool replace)
{
    if (w->thread == NULL) {
        run(j);
        append(&w->results, j);
        return STORAGE_OK;
    }
    SDL_LockMutex(w->lock);
    if (replace) {
        drop_waiting(w, j->r.path);
    }
    append(&w->jobs, j);
    SDL_CondSignal(w->wake);
    SDL_UnlockMutex(w->lock);
    return STORAGE_OK;
}

/* A new job for path, or NULL (data freed) when it cannot be made. */
static Job *new_job(StorageJobKind kind, const char *path, char *data, size_t len, int tag)
{
    Job *j = calloc(1, sizeof *j);
    if (j == NULL || path == NULL || strlen(path) >= sizeof j->r.path) {
        free(j);
        free(data);
        return NULL;
    }
    j->r.kind = kind;
    j->r.tag = tag;
    snprintf(j->r.path, sizeof j->r.path, "%s", path);
    j->r.data = data;
    j->r.len = len;
    return j;
}

StorageStatus storage_writer_write(StorageWriter *w, const char *path, char *data, size_t len,
                                   int tag, bool replace)
{
    Job *j = w != NULL ? new_job(STORAGE_JOB_WRITE, path, data, len, tag) : NULL;
    if (j == NULL) {
        if (w == NULL) {
            free(data);
        }
        return STORAGE_ERR_ARGS;
    }
    return give(w, j, replace);
}

StorageStatus storage_writer_remove(StorageWriter *w, const char *path, int tag)
{
    Job *j = w != NULL ? new_job(STORAGE_JOB_REMOVE, path, NULL, 0, tag) : NULL;
    return j == NULL ? STORAGE_ERR_ARGS : give(w, j, true);
}

bool storage_writer_poll(StorageWriter *w, StorageResult *out)
{
    if (w == NULL) {
        return false;
    }
    if (w->lock != NULL) {
        SDL_LockMutex(w->lock);
    }
    Job *j = w->results;
    if (j != NULL) {
        w->results = j->next;
    }
    if (w->lock != NULL) {
        SDL_UnlockMutex(w->lock);
    }
    if (j == NULL) {
        return false;
    }
    *out = j->r;
    free(j);
    return true;
}

bool storage_writer_busy(StorageWriter *w)
{
    if (w == NULL || w->thread == NULL) {
        return false;
    }
    SDL_LockMutex(w->lock);
    bool busy = w->jobs != NULL || w->running;
    SDL_UnlockMutex(w->lock);
    return busy;
}

void storage_writer_wait(StorageWriter *w)
{
    if (w == NULL || w->thread == NULL) {
        return;
    }
    SDL_LockMutex(w->lock);
    while (w->jobs != NULL || w->running) {
        SDL_CondWait(w->idle, w->lock);
    }
    SDL_UnlockMutex(w->lock);
}

void storage_writer_free(StorageWriter *w)
{
    if (w == NULL) {
        return;
    }
    if (w->thread != NULL) {
        SDL_LockMutex(w->lock);
        w->stop = true;
        SDL_CondSignal(w->wake);
        SDL_UnlockMutex(w->lock);
        SDL_WaitThread(w->thread, NULL); /* it finishes the queue first */
    }
    StorageResult r;
    while (storage_writer_poll(w, &r)) {
        free(r.data);
    }
    if (w->idle != NULL) {
        SDL_DestroyCond(w->idle);
    }
    if (w->wake != NULL) {
        SDL_DestroyCond(w->wake);
    }
    if (w->lock != NULL) {
        SDL_DestroyMutex(w->lock);
    }
    free(w);
}
