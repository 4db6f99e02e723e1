/*
 * test_ai_worker.c - the search thread: results, cancels, supersedes,
 * progress, and teardown while busy.  Meant to run under TSan and ASan too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#ifdef __linux__
#include <dirent.h>
#include <stdlib.h>
#include <sys/resource.h>
#endif

/* The test has its own main; without this SDL would rename it on Windows. */
#define SDL_MAIN_HANDLED
#include "platform/ai_worker.h"

/* Only a guard against a hang: no test depends on how fast anything is. */
#define WAIT_LIMIT_MS 60000u

static const Rules freestyle = {RULE_FREESTYLE, 5};

/* Waits for the next result event and returns its payload, checking that
 * the event's code agrees with it; NULL if none came within limit_ms. */
static AiWorkerResult *wait_result(Uint32 limit_ms)
{
    Uint32 start = SDL_GetTicks();
    for (;;) {
        SDL_Event ev;
        Uint32 spent = SDL_GetTicks() - start;
        if (spent >= limit_ms) {
            return NULL;
        }
        if (SDL_WaitEventTimeout(&ev, (int)(limit_ms - spent)) &&
            ev.type == ai_worker_event_type()) {
            AiWorkerResult *r = ev.user.data1;
            assert_non_null(r);
            assert_int_equal((uint32_t)ev.user.code, r->job);
            return r;
        }
    }
}

/* Returns how many result events are queued right now, releasing them. */
static int drain_results(void)
{
    SDL_PumpEvents();
    int n = 0;
    SDL_Event ev;
    Uint32 type = ai_worker_event_type();
    while (SDL_PeepEvents(&ev, 1, SDL_GETEVENT, type, type) == 1) {
        ai_worker_result_free(ev.user.data1);
        n++;
    }
    return n;
}

static void put(Board *b, int x, int y, Stone s)
{
    assert_int_equal(board_set(b, x, y, s), 0);
}

static void assert_legal(const Board *b, Move m)
{
    assert_true(move_is_valid(m));
    assert_true(board_in_bounds(b, m.x, m.y));
    assert_int_equal(board_get(b, m.x, m.y), STONE_EMPTY);
}

/* A quiet 15x15 opening, black to move, searched only a little. */
static AiRequest quick_request(void)
{
    AiRequest req;
    memset(&req, 0, sizeof req);
    board_init(&req.board, 15);
    put(&req.board, 7, 7, STONE_BLACK);
    put(&req.board, 8, 8, STONE_WHITE);
    put(&req.board, 6, 8, STONE_BLACK);
    put(&req.board, 8, 6, STONE_WHITE);
    req.rules = freestyle;
    req.to_move = STONE_BLACK;
    req.limits = ai_preset_limits(AI_PRESET_EASY);
    req.limits.max_depth = 2;
    req.limits.time_ms = 2000;
    req.limits.miss_three_pct = 0;
    return req;
}

/* A 19x19 middle game with scattered stones and no threat on either side,
 * searched with Master's breadth but no budget that could end it before a
 * cancel does (the engine needs over a second for depth 9 here). */
static AiRequest long_request(void)
{
    static const int stones[][2] = {
        {9, 9},  {10, 10}, {11, 8}, {8, 10},  {7, 8}, {10, 12}, {12, 11}, {6, 9},
        {9, 13}, {12, 7},  {5, 11}, {13, 10}, {8, 6}, {11, 5},  {14, 13}, {4, 7},
    };
    AiRequest req;
    memset(&req, 0, sizeof req);
    board_init(&req.board, 19);
    for (size_t i = 0; i < sizeof stones / sizeof stones[0]; i++) {
        put(&req.board, stones[i][0], stones[i][1], i % 2 == 0 ? STONE_BLACK : STONE_WHITE);
    }
    req.rules = freestyle;
    req.to_move = STONE_BLACK;
    req.limits = ai_preset_limits(AI_PRESET_MASTER);
    req.limits.max_depth = AI_MAX_DEPTH;
    req.limits.max_nodes = 0;
    req.limits.time_ms = 10 * 60 * 1000;
    return req;
}

static void test_event_type(void **state)
{
    (void)state;
    AiWorker *a = ai_worker_new(0, NULL, 0);
    AiWorker *b = ai_worker_new(0, NULL, 0);
    assert_non_null(a);
    assert_non_null(b);
    Uint32 type = ai_worker_event_type();
    assert_int_not_equal(type, (Uint32)-1);
    assert_true(type >= SDL_USEREVENT && type <= SDL_LASTEVENT);
    ai_worker_free(a);
    ai_worker_free(b);
    AiWorker *c = ai_worker_new(0, NULL, 0);
    assert_non_null(c);
    assert_int_equal(ai_worker_event_type(), type); /* registered once only */
    ai_worker_free(c);
}

static void test_idle_calls_are_harmless(void **state)
{
    (void)state;
    AiInfo info;
    ai_worker_free(NULL);
    ai_worker_cancel(NULL);
    ai_worker_result_free(NULL);
    assert_false(ai_worker_busy(NULL));
    assert_false(ai_worker_progress(NULL, &info));

    AiWorker *w = ai_worker_new(0, NULL, 0);
    assert_non_null(w);
    assert_false(ai_worker_busy(w));
    assert_false(ai_worker_progress(w, &info));
    ai_worker_cancel(w);
    ai_worker_cancel(w);
    char err[256] = "";
    assert_int_equal(ai_worker_start(w, NULL, 1, err, sizeof err), -1);
    assert_true(err[0] != '\0');
    err[0] = '\0';
    AiRequest req = quick_request();
    assert_int_equal(ai_worker_start(NULL, &req, 1, err, sizeof err), -1);
    assert_true(err[0] != '\0');
    assert_false(ai_worker_busy(w));
    assert_int_equal(drain_results(), 0);
    ai_worker_free(w);
}

static void test_one_result_per_job(void **state)
{
    (void)state;
    AiWorker *w = ai_worker_new(0, NULL, 0);
    assert_non_null(w);
    AiRequest req = quick_request();
    assert_int_equal(ai_worker_start(w, &req, 42, NULL, 0), 0);

    AiWorkerResult *r = wait_result(WAIT_LIMIT_MS);
    assert_non_null(r);
    assert_int_equal(r->job, 42);
    assert_false(r->cancelled);
    assert_int_equal(r->status, 0);
    assert_legal(&req.board, r->info.best);
    ai_worker_result_free(r);
    /* The flag drops before the event is pushed, so it is down by now. */
    assert_false(ai_worker_busy(w));

    /* Joining the finished thread must not produce a second event. */
    ai_worker_cancel(w);
    SDL_Delay(50);
    assert_int_equal(drain_results(), 0);

    /* The same worker serves a second job. */
    assert_int_equal(ai_worker_start(w, &req, 43, NULL, 0), 0);
    r = wait_result(WAIT_LIMIT_MS);
    assert_non_null(r);
    assert_int_equal(r->job, 43);
    assert_legal(&req.board, r->info.best);
    ai_worker_result_free(r);
    ai_worker_free(w);
    assert_int_equal(drain_results(), 0);
}

/* The side to move completes a five; the other side's four must not
 * distract it. */
static void check_win_in_one(Stone me)
{
    AiWorker *w = ai_worker_new(0, NULL, 0);
    assert_non_null(w);
    Stone you = stone_opponent(me);
    AiRequest req = quick_request();
    board_init(&req.board, 15);
    put(&req.board, 3, 5, you); /* closes the left end: (8,5) alone wins */
    for (int x = 4; x <= 7; x++) {
        put(&req.board, x, 5, me);
        put(&req.board, x, 9, you); /* an open four of the opponent's */
    }
    put(&req.board, 10, 10, me);
    put(&req.board, 11, 11, you);
    req.to_move = me;
    req.limits = ai_preset_limits(AI_PRESET_MEDIUM);
    req.limits.miss_three_pct = 0;

    assert_int_equal(ai_worker_start(w, &req, 7, NULL, 0), 0);
    AiWorkerResult *r = wait_result(WAIT_LIMIT_MS);
    assert_non_null(r);
    assert_int_equal(r->job, 7);
    assert_false(r->cancelled);
    assert_int_equal(r->status, 0);
    assert_int_equal(r->info.best.x, 8);
    assert_int_equal(r->info.best.y, 5);
    ai_worker_result_free(r);
    ai_worker_free(w);
}

static void test_win_in_one_black(void **state)
{
    (void)state;
    check_win_in_one(STONE_BLACK);
}

static void test_win_in_one_white(void **state)
{
    (void)state;
    check_win_in_one(STONE_WHITE);
}

static double ms_since(Uint64 t0)
{
    return (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 /
           (double)SDL_GetPerformanceFrequency();
}

/* Cancels long searches after varying delays, checks each posts one
 * cancelled result, and prints (never asserts) how long the cancel took. */
static void test_cancel_long_search(void **state)
{
    (void)state;
    enum { ROUNDS = 20 };
    AiWorker *w = ai_worker_new(0, NULL, 0);
    assert_non_null(w);
    AiRequest req = long_request();
    double worst = 0.0, total = 0.0;
    for (int i = 0; i < ROUNDS; i++) {
        uint32_t job = 100u + (uint32_t)i;
        assert_int_equal(ai_worker_start(w, &req, job, NULL, 0), 0);
        assert_true(ai_worker_busy(w));
        SDL_Delay((Uint32)(i % 5) * 40u); /* 0 ms catches the thread starting */
        Uint64 t0 = SDL_GetPerformanceCounter();
        ai_worker_cancel(w);
        double ms = ms_since(t0);
        total += ms;
        printf("#   delay %u ms: cancel took %.2f ms\n", (unsigned)(i % 5) * 40u, ms);
        if (ms > worst) {
            worst = ms;
        }
        assert_false(ai_worker_busy(w));

        /* The thread has been joined, so its event is already queued. */
        SDL_Event ev;
        SDL_PumpEvents();
        Uint32 type = ai_worker_event_type();
        assert_int_equal(SDL_PeepEvents(&ev, 1, SDL_GETEVENT, type, type), 1);
        AiWorkerResult *r = ev.user.data1;
        assert_int_equal(r->job, job);
        assert_true(r->cancelled);
        assert_int_equal(r->status, 0);
        assert_legal(&req.board, r->info.best);
        ai_worker_result_free(r);
        assert_int_equal(drain_results(), 0);
    }
    printf("# cancel latency over %d cancels: max %.2f ms, mean %.2f ms\n", ROUNDS, worst,
           total / ROUNDS);
    ai_worker_free(w);
}

/* Takes n results (in whatever order they come) into by_job[job - first],
 * failing on a job out of range or delivered twice. */
static void take_results(AiWorkerResult **by_job, uint32_t first, int n)
{
    for (int i = 0; i < n; i++) {
        AiWorkerResult *r = wait_result(WAIT_LIMIT_MS);
        assert_non_null(r);
        assert_true(r->job >= first && r->job < first + (uint32_t)n);
        assert_null(by_job[r->job - first]);
        by_job[r->job - first] = r;
    }
}

static void test_new_job_supersedes_running_one(void **state)
{
    (void)state;
    AiWorker *w = ai_worker_new(0, NULL, 0);
    assert_non_null(w);
    AiRequest slow = long_request();
    AiRequest quick = quick_request();
    assert_int_equal(ai_worker_start(w, &slow, 1, NULL, 0), 0);
    SDL_Delay(100);
    assert_int_equal(ai_worker_start(w, &quick, 2, NULL, 0), 0);

    /* Both deliver, in either order: the old one flagged. */
    AiWorkerResult *r[2] = {NULL, NULL};
    take_results(r, 1, 2);
    assert_true(r[0]->cancelled);
    assert_legal(&slow.board, r[0]->info.best);
    assert_false(r[1]->cancelled);
    assert_int_equal(r[1]->status, 0);
    assert_legal(&quick.board, r[1]->info.best);
    ai_worker_result_free(r[0]);
    ai_worker_result_free(r[1]);
    ai_worker_free(w);
    assert_int_equal(drain_results(), 0);
}

/* Many starts in a row, some faster than an engine notices its cancel:
 * every job delivers exactly one result. */
static void test_rapid_restarts(void **state)
{
    (void)state;
    enum { JOBS = 30 };
    AiWorker *w = ai_worker_new(0, NULL, 0);
    assert_non_null(w);
    AiRequest slow = long_request();
    AiRequest quick = quick_request();
    for (uint32_t job = 1; job <= JOBS; job++) {
        const AiRequest *req = job % 3 == 0 ? &quick : &slow;
        assert_int_equal(ai_worker_start(w, req, job, NULL, 0), 0);
        SDL_Delay(job % 4 * 5);
    }
    ai_worker_cancel(w);
    AiWorkerResult *r[JOBS] = {NULL};
    take_results(r, 1, JOBS);
    for (uint32_t job = 1; job <= JOBS; job++) {
        /* Only a quick job may have finished before being superseded. */
        if (job % 3 != 0) {
            assert_true(r[job - 1]->cancelled);
        }
        ai_worker_result_free(r[job - 1]);
    }
    assert_int_equal(drain_results(), 0);
    ai_worker_free(w);
}

/* The search thread of job ABANDONED_JOB blocks in SDL_PushEvent (the event
 * filter runs on the pushing thread) until the main thread has started the
 * next job.  Were starting it to wait for the abandoned thread, each would
 * wait for the other until the filter gave up. */
enum { ABANDONED_JOB = 51, NEXT_JOB = 52 };
static SDL_sem *next_started;
static SDL_atomic_t gave_up;

static int hold_abandoned(void *user, SDL_Event *ev)
{
    (void)user;
    if (ev->type == ai_worker_event_type() && ev->user.code == ABANDONED_JOB &&
        SDL_SemWaitTimeout(next_started, 10000) == SDL_MUTEX_TIMEDOUT) {
        SDL_AtomicSet(&gave_up, 1);
    }
    return 1;
}

/* A search that is no longer wanted never holds up the thread that
 * abandons it, nor the next search: it finishes on its own engine. */
static void test_abandoned_search_never_holds_up_the_next(void **state)
{
    (void)state;
    next_started = SDL_CreateSemaphore(0);
    assert_non_null(next_started);
    SDL_AtomicSet(&gave_up, 0);
    AiWorker *w = ai_worker_new(0, NULL, 0);
    assert_non_null(w);
    AiRequest slow = long_request();
    AiRequest quick = quick_request();
    SDL_SetEventFilter(hold_abandoned, NULL);
    assert_int_equal(ai_worker_start(w, &slow, ABANDONED_JOB, NULL, 0), 0);
    SDL_Delay(50);
    ai_worker_abandon(w);
    assert_false(ai_worker_busy(w));
    assert_int_equal(ai_worker_start(w, &quick, NEXT_JOB, NULL, 0), 0);
    SDL_SemPost(next_started);

    AiWorkerResult *r[2] = {NULL, NULL};
    take_results(r, ABANDONED_JOB, 2);
    assert_int_equal(SDL_AtomicGet(&gave_up), 0);
    assert_true(r[0]->cancelled);
    assert_false(r[1]->cancelled);
    assert_legal(&quick.board, r[1]->info.best);
    ai_worker_result_free(r[0]);
    ai_worker_result_free(r[1]);
    SDL_SetEventFilter(NULL, NULL);
    ai_worker_free(w);
    SDL_DestroySemaphore(next_started);
    assert_int_equal(drain_results(), 0);
}

#ifdef __linux__
/* Reads the nice value of thread tid into *nice when its name starts with
 * name; returns whether it did. */
static bool read_nice(const char *tid, const char *name, int *nice)
{
    char path[300], comm[32] = "", line[1024];
    snprintf(path, sizeof path, "/proc/self/task/%s/comm", tid);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return false;
    }
    bool match = fgets(comm, sizeof comm, f) != NULL && strncmp(comm, name, strlen(name)) == 0;
    fclose(f);
    snprintf(path, sizeof path, "/proc/self/task/%s/stat", tid);
    f = match ? fopen(path, "r") : NULL;
    if (f == NULL) {
        return false;
    }
    /* After the ")" that ends the name, nice is the 17th field. */
    const char *p = fgets(line, sizeof line, f) != NULL ? strrchr(line, ')') : NULL;
    fclose(f);
    for (int field = 0; p != NULL && field < 17; field++) {
        p = strchr(p + 1, ' ');
    }
    if (p != NULL) {
        *nice = atoi(p + 1);
    }
    return p != NULL;
}

/* The nice value of the first thread named name (-100: none found). */
static int thread_nice(const char *name)
{
    DIR *d = opendir("/proc/self/task");
    int nice = -100;
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL && !read_nice(e->d_name, name, &nice)) {
    }
    if (d != NULL) {
        closedir(d);
    }
    return nice;
}

/* A background worker's search yields to the UI: its thread runs at a
 * higher nice value than the thread that started it; by default it does not. */
static void test_background_search_yields(void **state)
{
    (void)state;
    AiRequest slow = long_request();
    for (int background = 0; background <= 1; background++) {
        AiWorker *w = ai_worker_new(0, NULL, 0);
        assert_non_null(w);
        ai_worker_set_background(w, background != 0);
        assert_int_equal(ai_worker_start(w, &slow, 61, NULL, 0), 0);
        AiInfo info;
        while (!ai_worker_progress(w, &info)) { /* the thread has set its priority by now */
            SDL_Delay(1);
        }
        int nice = thread_nice("gomoku-ai");
        int mine = getpriority(PRIO_PROCESS, 0);
        ai_worker_cancel(w);
        drain_results();
        ai_worker_free(w);
        assert_int_not_equal(nice, -100);
        if (background) {
            assert_true(nice > mine);
        } else {
            assert_int_equal(nice, mine);
        }
    }
}
#endif

static void test_free_while_busy(void **state)
{
    (void)state;
    AiRequest req = long_request();
    for (int i = 0; i < 3; i++) {
        AiWorker *w = ai_worker_new(0, NULL, 0);
        assert_non_null(w);
        assert_int_equal(ai_worker_start(w, &req, 9, NULL, 0), 0);
        SDL_Delay((Uint32)i * 60u);
        ai_worker_free(w); /* must neither hang nor leak */
        /* The result was posted before the thread ended; it outlives the
         * worker and is released by whoever takes it. */
        AiWorkerResult *r = wait_result(WAIT_LIMIT_MS);
        assert_non_null(r);
        assert_int_equal(r->job, 9);
        assert_true(r->cancelled);
        ai_worker_result_free(r);
    }
}

static void test_progress_snapshots(void **state)
{
    (void)state;
    AiWorker *w = ai_worker_new(0, NULL, 0);
    assert_non_null(w);
    AiRequest req = long_request();
    AiInfo info;
    assert_false(ai_worker_progress(w, &info));
    assert_int_equal(ai_worker_start(w, &req, 5, NULL, 0), 0);

    /* A long search reports after its first iteration; poll like a UI. */
    bool seen = false;
    int last_depth = 0, reports = 0;
    Uint32 start = SDL_GetTicks();
    while (SDL_GetTicks() - start < WAIT_LIMIT_MS && reports < 3) {
        if (ai_worker_progress(w, &info)) {
            seen = true;
            assert_true(info.depth >= 1);
            assert_true(info.depth >= last_depth);
            assert_legal(&req.board, info.best);
            if (info.depth > last_depth) {
                reports++;
                last_depth = info.depth;
            }
        }
        SDL_Delay(5);
    }
    assert_true(seen);
    assert_int_equal(reports, 3);
    printf("# progress: reached depth %d in %u ms\n", last_depth,
           (unsigned)(SDL_GetTicks() - start));
    ai_worker_cancel(w);

    /* The last search's snapshot stays readable after it ends... */
    assert_true(ai_worker_progress(w, &info));
    assert_true(info.depth >= 1);
    assert_int_equal(drain_results(), 1);

    /* ...and a finished search leaves one behind too. */
    AiRequest quick = quick_request();
    assert_int_equal(ai_worker_start(w, &quick, 6, NULL, 0), 0);
    AiWorkerResult *r = wait_result(WAIT_LIMIT_MS);
    assert_non_null(r);
    assert_true(ai_worker_progress(w, &info));
    assert_legal(&quick.board, info.best);
    assert_true(info.depth >= 1 && info.depth <= quick.limits.max_depth);
    ai_worker_result_free(r);
    ai_worker_free(w);
}

/* A position without a legal move still yields exactly one result, which
 * carries the engine's failure status. */
static void test_no_legal_move_reports_status(void **state)
{
    (void)state;
    AiWorker *w = ai_worker_new(0, NULL, 0);
    assert_non_null(w);
    AiRequest req = quick_request();
    board_init(&req.board, 5);
    /* Pairs of columns alternate colour row by row: no five anywhere. */
    for (int y = 0; y < 5; y++) {
        for (int x = 0; x < 5; x++) {
            put(&req.board, x, y, (x / 2 + y) % 2 == 0 ? STONE_BLACK : STONE_WHITE);
        }
    }
    assert_true(board_is_full(&req.board));
    assert_int_equal(ai_worker_start(w, &req, 11, NULL, 0), 0);
    AiWorkerResult *r = wait_result(WAIT_LIMIT_MS);
    assert_non_null(r);
    assert_int_equal(r->job, 11);
    assert_int_equal(r->status, -1);
    assert_false(move_is_valid(r->info.best));
    ai_worker_result_free(r);
    ai_worker_free(w);
}

/* Runs on the search thread, inside SDL_PushEvent. */
static int reject_results(void *user, SDL_Event *ev)
{
    (void)user;
    return ev->type != ai_worker_event_type();
}

/* When SDL refuses the event the worker keeps the result for
 * ai_worker_take_refused: never lost (the app would wait for it for ever),
 * never leaked (the ASan build's leak check judges the last part). */
static void test_refused_event_is_kept(void **state)
{
    (void)state;
    AiWorker *w = ai_worker_new(0, NULL, 0);
    assert_non_null(w);
    assert_null(ai_worker_take_refused(w));
    assert_null(ai_worker_take_refused(NULL));
    AiRequest req = quick_request();
    SDL_SetEventFilter(reject_results, NULL);
    assert_int_equal(ai_worker_start(w, &req, 31, NULL, 0), 0);
    ai_worker_cancel(w); /* joins: the push has been tried by now */
    assert_int_equal(drain_results(), 0);
    AiWorkerResult *r = ai_worker_take_refused(w);
    assert_non_null(r);
    assert_int_equal(r->job, 31);
    assert_null(ai_worker_take_refused(w));
    ai_worker_result_free(r);

    /* Oldest first. */
    for (uint32_t job = 33; job <= 34; job++) {
        assert_int_equal(ai_worker_start(w, &req, job, NULL, 0), 0);
        ai_worker_cancel(w);
    }
    for (uint32_t job = 33; job <= 34; job++) {
        r = ai_worker_take_refused(w);
        assert_non_null(r);
        assert_int_equal(r->job, job);
        ai_worker_result_free(r);
    }
    SDL_SetEventFilter(NULL, NULL);

    /* Nothing stuck: the next job is delivered normally. */
    assert_int_equal(ai_worker_start(w, &req, 32, NULL, 0), 0);
    r = wait_result(WAIT_LIMIT_MS);
    assert_non_null(r);
    assert_int_equal(r->job, 32);
    ai_worker_result_free(r);
    assert_null(ai_worker_take_refused(w));

    /* One left untaken is released with the worker. */
    SDL_SetEventFilter(reject_results, NULL);
    assert_int_equal(ai_worker_start(w, &req, 35, NULL, 0), 0);
    ai_worker_cancel(w);
    SDL_SetEventFilter(NULL, NULL);
    ai_worker_free(w);
}

/* Two workers search at once (the engine keeps no global state); TSan
 * checks they share nothing unguarded. */
static void test_two_workers_at_once(void **state)
{
    (void)state;
    AiWorker *a = ai_worker_new(0, NULL, 0);
    AiWorker *b = ai_worker_new(0, NULL, 0);
    assert_non_null(a);
    assert_non_null(b);
    AiRequest slow = long_request();
    AiRequest quick = quick_request();
    assert_int_equal(ai_worker_start(a, &slow, 21, NULL, 0), 0);
    assert_int_equal(ai_worker_start(b, &quick, 22, NULL, 0), 0);
    AiWorkerResult *r = wait_result(WAIT_LIMIT_MS);
    assert_non_null(r);
    assert_int_equal(r->job, 22);
    assert_false(r->cancelled);
    ai_worker_result_free(r);
    ai_worker_cancel(a);
    r = wait_result(WAIT_LIMIT_MS);
    assert_non_null(r);
    assert_int_equal(r->job, 21);
    assert_true(r->cancelled);
    ai_worker_result_free(r);
    ai_worker_free(a);
    ai_worker_free(b);
}

static int group_setup(void **state)
{
    (void)state;
    SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    SDL_SetMainReady();
    if (SDL_Init(SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return -1;
    }
    return 0;
}

/* Keeps a failed test's leftover results from confusing the next test. */
static int drop_leftovers(void **state)
{
    (void)state;
    drain_results();
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    drain_results();
    SDL_Quit();
    return 0;
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_event_type, drop_leftovers),
        cmocka_unit_test_teardown(test_idle_calls_are_harmless, drop_leftovers),
        cmocka_unit_test_teardown(test_one_result_per_job, drop_leftovers),
        cmocka_unit_test_teardown(test_win_in_one_black, drop_leftovers),
        cmocka_unit_test_teardown(test_win_in_one_white, drop_leftovers),
        cmocka_unit_test_teardown(test_cancel_long_search, drop_leftovers),
        cmocka_unit_test_teardown(test_new_job_supersedes_running_one, drop_leftovers),
        cmocka_unit_test_teardown(test_rapid_restarts, drop_leftovers),
        cmocka_unit_test_teardown(test_abandoned_search_never_holds_up_the_next, drop_leftovers),
        cmocka_unit_test_teardown(test_free_while_busy, drop_leftovers),
#ifdef __linux__
        cmocka_unit_test_teardown(test_background_search_yields, drop_leftovers),
#endif
        cmocka_unit_test_teardown(test_progress_snapshots, drop_leftovers),
        cmocka_unit_test_teardown(test_no_legal_move_reports_status, drop_leftovers),
        cmocka_unit_test_teardown(test_refused_event_is_kept, drop_leftovers),
        cmocka_unit_test_teardown(test_two_workers_at_once, drop_leftovers),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
