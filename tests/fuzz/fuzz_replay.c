/*
 * fuzz_replay.c - runs a fuzz target over files, without libFuzzer.
 *
 * Every target in tests/fuzz is built twice: with clang's libFuzzer
 * (GOMOKU_FUZZ=ON, scripts/fuzz.sh) to search for new inputs, and with this
 * driver in every build, where CTest replays the target's corpus (the seeds
 * and every input a campaign kept) as a regression test, under the plain,
 * the ASan and the TSan builds alike.  A target reports a broken property
 * by aborting, so any failure fails the test.
 *
 *   fuzz_x_replay FILE_OR_DIR...
 */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(_WIN32)
#include <dirent.h>
#include <sys/stat.h>
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads the whole file; returns NULL when it cannot. */
static uint8_t *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf != NULL) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap) {
            break;
        }
        uint8_t *more = realloc(buf, cap * 2);
        if (more == NULL) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = more;
        cap *= 2;
    }
    fclose(f);
    *len = n;
    return buf;
}

static int run_file(const char *path)
{
    size_t len = 0;
    uint8_t *data = read_all(path, &len);
    if (data == NULL) {
        fprintf(stderr, "fuzz_replay: cannot read %s\n", path);
        return -1;
    }
    /* A copy of exactly len bytes, so ASan sees any read past the input. */
    uint8_t *exact = malloc(len > 0 ? len : 1);
    if (exact == NULL) {
        free(data);
        return -1;
    }
    memcpy(exact, data, len);
    free(data);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    return 0;
}

/* Runs every regular file of dir (one level).  Returns how many, or -1. */
static int run_dir(const char *dir)
{
#if defined(_WIN32)
    (void)dir;
    return 0;
#else
    DIR *d = opendir(dir);
    if (d == NULL) {
        return -1;
    }
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char path[4096];
        struct stat sb;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.' && stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
            if (run_file(path) != 0) {
                closedir(d);
                return -1;
            }
            n++;
        }
    }
    closedir(d);
    return n;
#endif
}

int main(int argc, char **argv)
{
    int total = 0;
    for (int i = 1; i < argc; i++) {
        int n = run_dir(argv[i]);
        if (n < 0 && run_file(argv[i]) == 0) {
            n = 1;
        }
        if (n < 0) {
            return 1;
        }
        total += n;
    }
    printf("fuzz_replay: %d inputs, no property broken\n", total);
    return total > 0 ? 0 : 1;
}
