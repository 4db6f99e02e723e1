/*
 * slow-fsync.c - a disk that is slow to flush, for tools/frame-bench.sh
 * --slow-fsync MS: preloaded into the game (LD_PRELOAD), it makes every
 * fsync and fdatasync take SLOW_FSYNC_MS milliseconds more, as a busy disk,
 * a USB stick or a network folder does, so a benchmark shows what a save
 * costs where the disk is not this machine's quick one.
 *
 *   cc -shared -fPIC -O2 tools/slow-fsync.c -o slow-fsync.so -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int fsync(int fd);
int fdatasync(int fd);

static void wait_a_while(void)
{
    const char *ms = getenv("SLOW_FSYNC_MS");
    long v = ms != NULL ? atol(ms) : 0;
    if (v > 0) {
        struct timespec t = {v / 1000, (v % 1000) * 1000000L};
        nanosleep(&t, NULL);
    }
}

/* The next definition of name (the C library's). */
static void *next(const char *name)
{
    return dlsym(RTLD_NEXT, name);
}

int fsync(int fd)
{
    int (*real)(int);
    *(void **)&real = next("fsync");
    wait_a_while();
    return real(fd);
}

int fdatasync(int fd)
{
    int (*real)(int);
    *(void **)&real = next("fdatasync");
    wait_a_while();
    return real(fd);
}
