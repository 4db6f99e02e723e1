/*
 * brain_watchdog.c - the cancel timer, on Win32 threads or POSIX threads.
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep in strict C11 */
#endif

#include "brain_watchdog.h"

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
    atomic_int stop;
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

static void *watch(void *arg)
{
    BrainWatchdog *w = arg;
    const int64_t deadline = now_us() + (int64_t)w->ms * 1000;

    /* Short naps instead of a condition variable: portable to every POSIX
     * clock setup, and stopping costs at most one nap. */
    while (atomic_load(&w->stop) == 0) {
        int64_t left = deadline - now_us();
        struct timespec nap = {0, 1000000}; /* 1 ms */

        if (left <= 0) {
            raise_flag(w->flag);
            break;
        }
        if (left < 1000) {
            nap.tv_nsec = (long)left * 1000;
        }
        nanosleep(&nap, NULL);
    }
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
    atomic_init(&w->stop, 0);
    if (pthread_create(&w->thread, NULL, watch, w) != 0) {
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
    atomic_store(&w->stop, 1);
    pthread_join(w->thread, NULL);
    free(w);
}

#endif
