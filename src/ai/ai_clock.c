/*
 * ai_clock.c - monotonic clock (see ai_clock.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "ai_clock.h"

#ifdef _WIN32
#include <windows.h>

int64_t ai_clock_us(void)
{
    LARGE_INTEGER f, c;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&c);
    return (int64_t)(c.QuadPart / f.QuadPart * 1000000 +
                     c.QuadPart % f.QuadPart * 1000000 / f.QuadPart);
}
#else
#include <time.h>

int64_t ai_clock_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}
#endif
