/*
 * slow_fsync.c - a disk that is slow to flush, for tools/frame-bench.sh
 * --slow-fsync MS: preloaded into the game (LD_PRELOAD), it makes every
 * fsync and fdatasync take SLOW_FSYNC_MS milliseconds more, as a busy disk,
 * a USB stick or a network folder does, so a benchmark shows what a save
 * costs where the disk is not this machine's quick one.
 *
 * Nothing in the build links it: frame-bench.sh compiles it on its own,
 *
 *   cc -shared -fPIC -O2 tools/preload/slow_fsync.c -o slow-fsync.so -ldl
 *
 * Its functions have names of their own and take the C library's names
 * only as the symbols they export (asm labels), so that no C definition
 * in the tree shadows fsync and the game's storage code never appears to
 * depend on tools/.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int slow_fsync(int fd) __asm__("fsync");
int slow_fdatasync(int fd) __asm__("fdatasync");

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

int slow_fsync(int fd)
{
    int (*real)(int);
    *(void **)&real = next("fsync");
    wait_a_while();
    return real(fd);
}

int slow_fdatasync(int fd)
{
    int (*real)(int);
    *(void **)&real = next("fdatasync");
    wait_a_while();
    return real(fd);
}
