/*
 * engines.c - the session's engines on AiWorker threads.
 *
 * The worker's job id is the session's generation number, so an answer
 * names the job it belongs to and the session alone decides whether it is
 * still wanted.
 */
#include "engines.h"

#include <stdio.h>
#include <stdlib.h>

#include "platform/ai_worker.h"

struct Engines {
    AiWorker *worker[SESSION_ENGINE_COUNT];
    uint32_t running[SESSION_ENGINE_COUNT]; /* the generation started; 0: none */
    EnginesRemote remote;                   /* start NULL: no transport */
    uint32_t remote_gen;                    /* the remote job handed over; 0: none */
};

Engines *engines_new(bool background, char *err, size_t errlen)
{
    Engines *e = calloc(1, sizeof *e);
    if (e == NULL) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    for (int i = 0; i < SESSION_ENGINE_COUNT; i++) {
        e->worker[i] = ai_worker_new(0, err, errlen);
        if (e->worker[i] == NULL) {
            engines_free(e);
            return NULL;
        }
        ai_worker_set_background(e->worker[i], background);
    }
    return e;
}

/* Answers still queued own memory. */
static void drain_answers(void)
{
    Uint32 type = ai_worker_event_type();
    if (type == (Uint32)-1) {
        return;
    }
    SDL_Event ev[8];
    int n;
    while ((n = SDL_PeepEvents(ev, 8, SDL_GETEVENT, type, type)) > 0) {
        for (int i = 0; i < n; i++) {
            ai_worker_result_free(ev[i].user.data1);
        }
    }
}

void engines_free(Engines *e)
{
    if (e == NULL) {
        return;
    }
    for (int i = 0; i < SESSION_ENGINE_COUNT; i++) {
        ai_worker_free(e->worker[i]);
    }
    drain_answers();
    free(e);
}

void engines_set_remote(Engines *e, const EnginesRemote *r)
{
    e->remote = r != NULL ? *r : (EnginesRemote){0};
}

static bool is_remote(const SessionJob *job)
{
    return job->kind == SESSION_JOB_REMOTE || job->kind == SESSION_JOB_REMOTE_OPENING;
}

/* Drops the remote job handed over, if any. */
static void remote_drop(Engines *e)
{
    if (e->remote_gen != 0 && e->remote.cancel != NULL) {
        e->remote.cancel(e->remote.user, e->remote_gen);
    }
    e->remote_gen = 0;
}

/* A remote seat's job: handed to the transport once, or answered "cannot
 * answer" at now_ms when there is none or it refuses. */
static void sync_remote(Engines *e, Session *s, const SessionJob *job, uint64_t now_ms)
{
    if (e->remote_gen == job->gen) {
        return;
    }
    remote_drop(e);
    if (e->remote.start != NULL && e->remote.start(e->remote.user, job) == 0) {
        e->remote_gen = job->gen;
        return;
    }
    if (job->kind == SESSION_JOB_REMOTE_OPENING) {
        const AiOpening none = {0};
        session_engine_opening_result(s, job->gen, -1, &none, now_ms);
    } else {
        const AiInfo none = {0};
        session_engine_result(s, job->gen, -1, &none, now_ms);
    }
}

/* Brings one worker in line with the session's wish for it.  Returns 0 or
 * -1 (err says why). */
static int sync_one(Engines *e, Session *s, SessionEngine i, uint64_t now_ms, char *err,
                    size_t errlen)
{
    SessionJob job;
    bool have = session_engine_job(s, i, &job);
    if (i == SESSION_ENGINE_PLAYER && (!have || !is_remote(&job))) {
        remote_drop(e);
    }
    if (have && is_remote(&job)) {
        sync_remote(e, s, &job, now_ms);
        have = false; /* and no worker searches for the seat */
    }
    if (!have) {
        if (e->running[i] != 0) {
            /* Never wait for it: a low-priority search on a busy machine
             * may take long to notice, and the UI would freeze meanwhile. */
            ai_worker_abandon(e->worker[i]);
            e->running[i] = 0;
        }
        return 0;
    }
    if (e->running[i] != job.gen) {
        int rc = job.kind == SESSION_JOB_OPENING
                     ? ai_worker_start_opening(e->worker[i], &job.req, job.place_two, job.gen, err,
                                               errlen)
                     : ai_worker_start(e->worker[i], &job.req, job.gen, err, errlen);
        if (rc != 0) {
            e->running[i] = 0;
            return -1;
        }
        e->running[i] = job.gen;
    }
    AiInfo progress;
    if (ai_worker_progress(e->worker[i], &progress)) {
        session_engine_progress(s, job.gen, &progress);
    }
    return 0;
}

/* Hands a worker's answer to the session and releases it. */
static void take_answer(Engines *e, Session *s, AiWorkerResult *r, uint64_t now_ms)
{
    for (int i = 0; i < SESSION_ENGINE_COUNT; i++) {
        if (e->running[i] == r->job) {
            /* Finished (or cancelled): start it again if still wanted. */
            e->running[i] = 0;
        }
    }
    if (!r->cancelled && r->is_opening) {
        session_engine_opening_result(s, r->job, r->status, &r->opening, now_ms);
    } else if (!r->cancelled) {
        session_engine_result(s, r->job, r->status, &r->info, now_ms);
    }
    ai_worker_result_free(r);
}

int engines_sync(Engines *e, Session *s, uint64_t now_ms, char *err, size_t errlen)
{
    int status = 0;
    for (int i = 0; i < SESSION_ENGINE_COUNT; i++) {
        /* Answers SDL's queue refused come this way instead. */
        AiWorkerResult *r;
        while ((r = ai_worker_take_refused(e->worker[i])) != NULL) {
            take_answer(e, s, r, now_ms);
        }
    }
    for (int i = 0; i < SESSION_ENGINE_COUNT; i++) {
        if (sync_one(e, s, (SessionEngine)i, now_ms, err, errlen) != 0) {
            status = -1;
        }
    }
    return status;
}

bool engines_on_event(Engines *e, Session *s, const SDL_Event *ev, uint64_t now_ms)
{
    Uint32 type = ai_worker_event_type();
    if (type == (Uint32)-1 || ev->type != type) {
        return false;
    }
    if (ev->user.data1 != NULL) {
        take_answer(e, s, ev->user.data1, now_ms);
    }
    return true;
}
