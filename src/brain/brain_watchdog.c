/*
 * brain_watchdog.c - the cancel timer, on Win32 threads or POSIX threads.
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* clock_gettime in strict C11 */
#endif

#include "brain_watchdog.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#ifdef _WIN32
#include <windows.h>
#else
#include <pthread.h>
#include <time.h>
#endif

struct BrainWatchdog {
    atomic_int *flag;
    int ms;
#ifdef _WIN32
    HANDLE thread;
    HANDLE stop; /* manual-reset event */
#else
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake; /* stop was set */
    bool stop;           /* guarded by lock */
#endif
};

/* Only 0 becomes 1: a flag some other thread has already raised to another
 * value (the brain's END) keeps that value. */
static void raise_flag(atomic_int *flag)
{
    int expected = 0;
    atomic_compare_exchange_strong(flag, &expected, 1);
}

#ifdef _WIN32

static DWORD WINAPI watch(LPVOID arg)
{
    BrainWatchdog *w = arg;
    /* The wait ends early only when stop is signalled. */
    if (WaitForSingleObject(w->stop, (DWORD)w->ms) == WAIT_TIMEOUT) {
        raise_flag(w->flag);
    }
    return 0;
}

BrainWatchdog *brain_watchdog_start(atomic_int *flag, int ms)
{
    BrainWatchdog *w = calloc(1, sizeof *w);
    if (w == NULL) {
        return NULL;
    }
    w->flag = flag;
    w->ms = ms < 0 ? 0 : ms;
    w->stop = CreateEventA(NULL, TRUE, FALSE, NULL);
    if (w->stop == NULL) {
        free(w);
        return NULL;
    }
    w->thread = CreateThread(NULL, 0, watch, w, 0, NULL);
    if (w->thread == NULL) {
        CloseHandle(w->stop);
        free(w);
        return NULL;
    }
    return w;
}

void brain_watchdog_stop(BrainWatchdog *w)
{
    if (w == NULL) {
        return;
    }
    SetEvent(w->stop);
    WaitForSingleObject(w->thread, INFINITE);
    CloseHandle(w->thread);
    CloseHandle(w->stop);
    free(w);
}

#else

static int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Waits on wake until the absolute CLOCK_REALTIME time now + us. */
static void wait_us(BrainWatchdog *w, int64_t us)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += (time_t)(us / 1000000);
    ts.tv_nsec += (long)(us % 1000000) * 1000;
    if (ts.tv_nsec >= 1000000000) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000;
    }
    pthread_cond_timedwait(&w->wake, &w->lock, &ts);
}

static void *watch(void *arg)
{
    BrainWatchdog *w = arg;
    const int64_t deadline = now_us() + (int64_t)w->ms * 1000;

    /* The deadline is kept on the monotonic clock; the waits are timed on
     * the realtime clock (the one every POSIX system can time a condition
     * wait on) in slices of at most 10 ms, so a jump of the wall clock
     * moves the alarm by one slice at most.  Stopping wakes it at once. */
    pthread_mutex_lock(&w->lock);
    while (!w->stop) {
        int64_t left = deadline - now_us();

        if (left <= 0) {
            raise_flag(w->flag);
            break;
        }
        wait_us(w, left < 10000 ? left : 10000);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

BrainWatchdog *brain_watchdog_start(atomic_int *flag, int ms)
{
    BrainWatchdog *w = calloc(1, sizeof *w);
    if (w == NULL) {
        return NULL;
    }
    w->flag = flag;
    w->ms = ms < 0 ? 0 : ms;
    if (pthread_mutex_init(&w->lock, NULL) != 0) {
        free(w);
        return NULL;
    }
    if (pthread_cond_init(&w->wake, NULL) != 0) {
        pthread_mutex_destroy(&w->lock);
        free(w);
        return NULL;
    }
    if (pthread_create(&w->thread, NULL, watch, w) != 0) {
        pthread_cond_destroy(&w->wake);
        pthread_mutex_destroy(&w->lock);
        free(w);
        return NULL;
    }
    return w;
}

void brain_watchdog_stop(BrainWatchdog *w)
{
    if (w == NULL) {
        return;
    }
    pthread_mutex_lock(&w->lock);
    w->stop = true;
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->lock);
    free(w);
}

#endif
