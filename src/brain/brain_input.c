/*
 * brain_input.c - the input thread and its line queue, on Win32 threads or
 * POSIX threads.
 *
 * The queue is a ring of records (kind byte, text, NUL).  A record's text
 * never holds a NUL (a line with one becomes a BRAIN_INPUT_NUL record), so
 * the reader always finds where a record ends.  When the ring is full it
 * doubles, up to BRAIN_INPUT_QUEUE_MAX: a manager that floods the brain
 * while it thinks must not keep its STOP or END from being read.  Past
 * that the input thread waits for room, which passes the back-pressure on
 * to the manager's pipe.
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* read() in strict C11 */
#endif

#include "brain_input.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#ifndef _WIN32_WINNT
#define _WIN32_WINNT 0x0600 /* condition variables: Vista and later */
#endif
#include <windows.h>
#else
#include <errno.h>
#include <pthread.h>
#include <unistd.h>
#endif

#define CHUNK_BYTES 4096

/* ---- the thread layer ---------------------------------------------------- */

#ifdef _WIN32
typedef CRITICAL_SECTION Lock;
typedef CONDITION_VARIABLE Cond;
typedef HANDLE Thread;
#else
typedef pthread_mutex_t Lock;
typedef pthread_cond_t Cond;
typedef pthread_t Thread;
#endif

struct BrainInput {
    BrainInputReadFn read;
    void *read_ctx;
    BrainInputFilterFn filter;
    void *filter_user;

    /* The line being assembled; only the thread that reads touches it. */
    char line[BRAIN_INPUT_LINE_MAX + 1];
    size_t len;
    bool too_long;
    bool nul;              /* it holds a NUL byte */
    size_t taken_at_bytes; /* in->taken when its last bytes came */

    /* Everything below is guarded by lock. */
    Lock lock;
    Cond changed; /* an item was queued, one was taken, or the reader was abandoned */
    unsigned char *ring;
    size_t cap, head, used;
    size_t taken;   /* items the consumer has taken */
    bool ended;     /* nothing more will be queued */
    bool finished;  /* the input thread has left its loop */
    bool abandoned; /* brain_input_stop left; the input thread frees the reader */
    bool threaded;  /* an input thread runs (else brain_input_next reads) */
    Thread thread;
};

#ifdef _WIN32

static int lock_init(BrainInput *in)
{
    InitializeCriticalSection(&in->lock);
    InitializeConditionVariable(&in->changed);
    return 0;
}

static void lock_destroy(BrainInput *in)
{
    DeleteCriticalSection(&in->lock);
}

static void lock_take(BrainInput *in)
{
    EnterCriticalSection(&in->lock);
}

static void lock_give(BrainInput *in)
{
    LeaveCriticalSection(&in->lock);
}

static void cond_wait(BrainInput *in)
{
    SleepConditionVariableCS(&in->changed, &in->lock, INFINITE);
}

static void cond_wake(BrainInput *in)
{
    WakeAllConditionVariable(&in->changed);
}

#else

static int lock_init(BrainInput *in)
{
    if (pthread_mutex_init(&in->lock, NULL) != 0) {
        return -1;
    }
    if (pthread_cond_init(&in->changed, NULL) != 0) {
        pthread_mutex_destroy(&in->lock);
        return -1;
    }
    return 0;
}

static void lock_destroy(BrainInput *in)
{
    pthread_cond_destroy(&in->changed);
    pthread_mutex_destroy(&in->lock);
}

static void lock_take(BrainInput *in)
{
    pthread_mutex_lock(&in->lock);
}

static void lock_give(BrainInput *in)
{
    pthread_mutex_unlock(&in->lock);
}

static void cond_wait(BrainInput *in)
{
    pthread_cond_wait(&in->changed, &in->lock);
}

static void cond_wake(BrainInput *in)
{
    pthread_cond_broadcast(&in->changed);
}

#endif

/* ---- the queue (lock held) ------------------------------------------------ */

static void ring_put(BrainInput *in, unsigned char c)
{
    in->ring[(in->head + in->used) % in->cap] = c;
    in->used++;
}

static unsigned char ring_take(BrainInput *in)
{
    unsigned char c = in->ring[in->head];
    in->head = (in->head + 1) % in->cap;
    in->used--;
    return c;
}

/* Doubles the ring, up to BRAIN_INPUT_QUEUE_MAX.  Returns false when it is
 * that big already or memory runs out. */
static bool ring_grow(BrainInput *in)
{
    size_t cap = in->cap * 2;
    unsigned char *ring;

    if (cap > BRAIN_INPUT_QUEUE_MAX) {
        return false;
    }
    ring = malloc(cap);
    if (ring == NULL) {
        return false;
    }
    for (size_t i = 0; i < in->used; i++) {
        ring[i] = in->ring[(in->head + i) % in->cap];
    }
    free(in->ring);
    in->ring = ring;
    in->cap = cap;
    in->head = 0;
    return true;
}

/* Queues one record, growing the ring or waiting for room while a consumer
 * can make some. */
static void push(BrainInput *in, BrainInputKind kind, const char *text, size_t len)
{
    size_t need = len + 2;

    while (in->cap - in->used < need && !ring_grow(in) && in->threaded && !in->abandoned) {
        cond_wake(in); /* the consumer may be asleep on lines already queued */
        cond_wait(in);
    }
    if (in->cap - in->used < need) {
        /* Abandoned (nobody will read it), or reading inline, where the ring
         * is empty before every read and one chunk always fits. */
        return;
    }
    ring_put(in, (unsigned char)kind);
    for (size_t i = 0; i < len; i++) {
        ring_put(in, (unsigned char)text[i]);
    }
    ring_put(in, 0);
}

/* Ends the line being assembled: queues it unless the filter takes it
 * (judge: whether the filter may see it).  Returns false when the filter
 * says to read no further. */
static bool end_line(BrainInput *in, bool judge)
{
    unsigned flags = 0;

    if (in->too_long) {
        push(in, BRAIN_INPUT_TOO_LONG, "", 0);
    } else if (in->nul) {
        push(in, BRAIN_INPUT_NUL, "", 0);
    } else if (in->len > 0) {
        in->line[in->len] = '\0';
        flags = judge && in->filter != NULL ? in->filter(in->line, in->filter_user) : 0;
        if (!(flags & BRAIN_INPUT_TAKEN)) {
            push(in, BRAIN_INPUT_LINE, in->line, in->len);
        }
    }
    in->len = 0;
    in->too_long = false;
    in->nul = false;
    return !(flags & BRAIN_INPUT_LAST);
}

/* Splits n bytes of input (n == 0: end of input) into queued lines, the
 * whole chunk under the lock (see the header).  Returns false once reading
 * is over. */
static bool feed_chunk(BrainInput *in, const char *data, int n)
{
    bool more = true;

    lock_take(in);
    if (in->abandoned || in->ended) {
        lock_give(in);
        return false;
    }
    for (int i = 0; i < n && more; i++) {
        char c = data[i];

        if (c == '\n' || c == '\r') {
            more = end_line(in, true);
        } else if (c == '\0') {
            in->nul = true;
        } else if (in->len < BRAIN_INPUT_LINE_MAX) {
            in->line[in->len++] = c;
        } else {
            in->too_long = true;
        }
    }
    if (n > 0) {
        /* A line still open is judged as of now, if end of input ends it. */
        in->taken_at_bytes = in->taken;
    }
    if (more && n <= 0) {
        /* A last line without a terminator still counts.  Had its
         * terminator come with its bytes, the filter would have judged it
         * then; once the consumer has started on something since, acting
         * on it early would cut work that began before it (a move asked
         * for just before a final "END"), so it waits its turn. */
        if (end_line(in, in->taken == in->taken_at_bytes) && in->filter != NULL) {
            (void)in->filter(NULL, in->filter_user);
        }
        more = false;
    }
    if (!more) {
        in->ended = true;
    }
    cond_wake(in);
    lock_give(in);
    return more;
}

static bool read_and_feed(BrainInput *in)
{
    char chunk[CHUNK_BYTES];
    int n = in->read(in->read_ctx, chunk, (int)sizeof chunk);

    return feed_chunk(in, chunk, n > 0 ? n : 0);
}

static void destroy(BrainInput *in)
{
    lock_destroy(in);
    free(in->ring);
    free(in);
}

/* ---- the input thread ------------------------------------------------------ */

static void reader_run(BrainInput *in)
{
    bool abandoned;

    while (read_and_feed(in)) {
    }
    lock_take(in);
    in->finished = true;
    abandoned = in->abandoned;
    lock_give(in);
    if (abandoned) {
        destroy(in);
    }
}

#ifdef _WIN32

static DWORD WINAPI reader_main(LPVOID arg)
{
    reader_run(arg);
    return 0;
}

static bool thread_start(BrainInput *in)
{
    in->thread = CreateThread(NULL, 0, reader_main, in, 0, NULL);
    return in->thread != NULL;
}

static void thread_join(BrainInput *in)
{
    WaitForSingleObject(in->thread, INFINITE);
    CloseHandle(in->thread);
}

static void thread_detach(Thread t)
{
    CloseHandle(t);
}

int brain_input_read_stdin(void *ctx, char *buf, int cap)
{
    HANDLE h = GetStdHandle(STD_INPUT_HANDLE);
    DWORD got = 0;

    (void)ctx;
    if (h == NULL || h == INVALID_HANDLE_VALUE || cap <= 0) {
        return -1;
    }
    /* A closed pipe fails with ERROR_BROKEN_PIPE: end of input either way. */
    if (!ReadFile(h, buf, (DWORD)cap, &got, NULL)) {
        return -1;
    }
    return (int)got;
}

#else

static void *reader_main(void *arg)
{
    reader_run(arg);
    return NULL;
}

static bool thread_start(BrainInput *in)
{
    return pthread_create(&in->thread, NULL, reader_main, in) == 0;
}

static void thread_join(BrainInput *in)
{
    pthread_join(in->thread, NULL);
}

static void thread_detach(Thread t)
{
    pthread_detach(t);
}

int brain_input_read_stdin(void *ctx, char *buf, int cap)
{
    (void)ctx;
    if (cap <= 0) {
        return -1;
    }
    for (;;) {
        ssize_t n = read(0, buf, (size_t)cap);
        if (n >= 0) {
            return (int)n;
        }
        if (errno != EINTR) {
            return -1;
        }
    }
}

#endif

/* ---- public ------------------------------------------------------------------ */

static BrainInput *start(BrainInputReadFn read, void *read_ctx, BrainInputFilterFn filter,
                         void *filter_user, bool threaded)
{
    BrainInput *in;

    if (read == NULL) {
        return NULL;
    }
    in = calloc(1, sizeof *in);
    if (in == NULL) {
        return NULL;
    }
    in->cap = BRAIN_INPUT_QUEUE_START;
    in->ring = malloc(in->cap);
    if (in->ring == NULL) {
        free(in);
        return NULL;
    }
    in->read = read;
    in->read_ctx = read_ctx;
    in->filter = filter;
    in->filter_user = filter_user;
    if (lock_init(in) != 0) {
        free(in->ring);
        free(in);
        return NULL;
    }
    if (threaded) {
        /* Set before the thread exists, so it never changes under anyone. */
        in->threaded = true;
        if (!thread_start(in)) {
            in->threaded = false;
        }
    }
    return in;
}

BrainInput *brain_input_start(BrainInputReadFn read, void *read_ctx, BrainInputFilterFn filter,
                              void *filter_user)
{
    return start(read, read_ctx, filter, filter_user, true);
}

BrainInput *brain_input_start_inline(BrainInputReadFn read, void *read_ctx,
                                     BrainInputFilterFn filter, void *filter_user)
{
    return start(read, read_ctx, filter, filter_user, false);
}

BrainInputKind brain_input_next(BrainInput *in, char *buf, size_t cap)
{
    BrainInputKind kind;
    size_t n = 0;
    unsigned char c;

    if (cap > 0) {
        buf[0] = '\0';
    }
    if (in == NULL) {
        return BRAIN_INPUT_EOF;
    }
    lock_take(in);
    while (in->used == 0 && !in->ended) {
        if (in->threaded) {
            cond_wait(in);
        } else {
            lock_give(in);
            (void)read_and_feed(in);
            lock_take(in);
        }
    }
    if (in->used == 0) {
        lock_give(in);
        return BRAIN_INPUT_EOF;
    }
    kind = (BrainInputKind)ring_take(in);
    in->taken++;
    while ((c = ring_take(in)) != 0) {
        if (n + 1 < cap) {
            buf[n++] = (char)c;
        }
    }
    if (cap > 0) {
        buf[n] = '\0';
    }
    cond_wake(in); /* room for a reader waiting on a full ring */
    lock_give(in);
    return kind;
}

void brain_input_stop(BrainInput *in)
{
    bool join;
    Thread thread;

    if (in == NULL) {
        return;
    }
    if (!in->threaded) {
        destroy(in);
        return;
    }
    lock_take(in);
    /* Copied under the lock: once abandoned, in may be freed at any time. */
    thread = in->thread;
    /* Once ended, the thread only has its last few steps to go; otherwise
     * it may block in read() for ever, and it owns the reader from now. */
    join = in->ended || in->finished;
    if (!join) {
        in->abandoned = true;
        cond_wake(in);
    }
    lock_give(in);
    if (join) {
        thread_join(in);
        destroy(in);
    } else {
        thread_detach(thread);
    }
}
