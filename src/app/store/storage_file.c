/*
 * storage_file.c - one file on the disk, never half written (see
 * storage_file.h); the system calls are storage_os.c's.
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include "store/storage_file.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <SDL.h>

#include "core/err.h"
#include "core/scan.h"
#include "store/storage_layout.h"
#include "store/storage_os.h"

#define SEP '/'

static void clear_err(char *err, size_t errlen)
{
    if (err != NULL && errlen > 0) {
        err[0] = '\0';
    }
}

bool storage_has_ext(const char *name, const char *ext, size_t *stem)
{
    size_t n = strlen(name), e = strlen(ext);
    if (n <= e || SDL_strcasecmp(name + n - e, ext) != 0) {
        return false;
    }
    if (stem != NULL) {
        *stem = n - e;
    }
    return true;
}

/* ---- files ---------------------------------------------------------------- */

/* The reason the last system call failed, in the player's words where
 * the cause is a common one (the system's own words after it). */
static void failure_reason(char *out, size_t outlen)
{
    const char *sys = storage_os_reason();
    if (storage_os_no_space()) {
        snprintf(out, outlen, "the disk is full (%s)", sys);
    } else if (storage_os_no_access()) {
        snprintf(out, outlen, "the folder cannot be written to (%s)", sys);
    } else {
        snprintf(out, outlen, "%s", sys);
    }
}

/* The status for the last system call's failure: the causes a player can
 * act on apart (read errno or GetLastError before anything else runs). */
static StorageStatus failure_status(void)
{
    if (storage_os_no_space()) {
        return STORAGE_ERR_NO_SPACE;
    }
    return storage_os_no_access() ? STORAGE_ERR_NO_ACCESS : STORAGE_ERR_IO;
}

/* Makes the unique temporary name beside path: ".tmp-", the process id, a
 * counter and the time, so that two writers (two instances, two threads,
 * quick successive saves) never share one. */
static bool temp_name(const char *path, char *out, size_t outlen)
{
    static SDL_atomic_t counter;
    unsigned n = (unsigned)SDL_AtomicAdd(&counter, 1) + 1u;
    int m = snprintf(out, outlen, "%s" STORAGE_TEMP_MARK "%lu-%u-%lx", path, storage_os_pid(), n,
                     (unsigned long)time(NULL));
    return m > 0 && (size_t)m < outlen;
}

StorageStatus storage_write_atomic(const char *path, const void *data, size_t len, char *err,
                                   size_t errlen)
{
    clear_err(err, errlen);
    if (path == NULL || path[0] == '\0' || (data == NULL && len > 0)) {
        err_set(err, errlen, "nothing to write");
        return STORAGE_ERR_ARGS;
    }
    if (storage_os_is_dir(path)) {
        err_set(err, errlen, "cannot save %s: a folder of that name is in the way", path);
        return STORAGE_ERR_FOLDER;
    }
    /* O_EXCL/CREATE_NEW makes a clash of temporary names a retry, not a
     * corruption. */
    char tmp[STORAGE_PATH_MAX + 64];
    bool exists = true;
    int rc = -1;
    for (int attempt = 0; attempt < 16 && exists; attempt++) {
        if (!temp_name(path, tmp, sizeof tmp)) {
            err_set(err, errlen, "the path is too long: %s", path);
            return STORAGE_ERR_ARGS;
        }
        rc = storage_os_write_new(tmp, data == NULL ? "" : data, len, &exists);
    }
    char reason[300];
    if (rc != 0) {
        StorageStatus why = failure_status();
        failure_reason(reason, sizeof reason);
        (void)storage_os_remove(tmp); /* a partial temporary file must not linger */
        err_set(err, errlen, "cannot write %s: %s", path, reason);
        return why;
    }
    if (!storage_os_rename_replace(tmp, path)) {
        StorageStatus why = failure_status();
        failure_reason(reason, sizeof reason);
        (void)storage_os_remove(tmp);
        err_set(err, errlen, "cannot replace %s: %s", path, reason);
        return why;
    }
    storage_os_sync_dir(path);
    return STORAGE_OK;
}

StorageStatus storage_read_file(const char *path, size_t max, char **data, size_t *len, char *err,
                                size_t errlen)
{
    clear_err(err, errlen);
    if (data != NULL) {
        *data = NULL;
    }
    if (len != NULL) {
        *len = 0;
    }
    if (path == NULL || data == NULL || path[0] == '\0') {
        err_set(err, errlen, "no file to read");
        return STORAGE_ERR_ARGS;
    }
    if (storage_os_is_dir(path)) {
        /* Opening a folder may succeed; reading it fails without saying why. */
        err_set(err, errlen, "%s is a folder, not a file", path);
        return STORAGE_ERR_FOLDER;
    }
    FILE *f = storage_os_fopen_read(path);
    if (f == NULL) {
        if (storage_os_not_found()) {
            err_set(err, errlen, "%s does not exist", path);
            return STORAGE_ERR_NOT_FOUND;
        }
        err_set(err, errlen, "cannot open %s: %s", path, storage_os_reason());
        return STORAGE_ERR_IO;
    }
    /* Read in chunks rather than trusting a size from stat: pipes and
     * special files have none, and the file may change under us. */
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    if (buf == NULL) {
        fclose(f);
        err_set(err, errlen, "out of memory reading %s", path);
        return STORAGE_ERR_NOMEM;
    }
    for (;;) {
        if (n == cap) {
            if (cap > max) {
                break;
            }
            size_t ncap = cap * 2;
            char *nb = realloc(buf, ncap + 1);
            if (nb == NULL) {
                free(buf);
                fclose(f);
                err_set(err, errlen, "out of memory reading %s", path);
                return STORAGE_ERR_NOMEM;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            break;
        }
        if (n > max) {
            break;
        }
    }
    bool failed = ferror(f) != 0;
    char reason[256];
    snprintf(reason, sizeof reason, "%s", storage_os_reason());
    fclose(f);
    if (failed) {
        free(buf);
        err_set(err, errlen, "cannot read %s: %s", path, reason);
        return STORAGE_ERR_IO;
    }
    if (n > max) {
        free(buf);
        err_set(err, errlen, "%s is too large (more than %lu bytes)", path, (unsigned long)max);
        return STORAGE_ERR_TOO_BIG;
    }
    buf[n] = '\0';
    *data = buf;
    if (len != NULL) {
        *len = n;
    }
    return STORAGE_OK;
}

bool storage_file_exists(const char *path)
{
    return path != NULL && path[0] != '\0' && storage_os_file_info(path, NULL, NULL);
}

StorageStatus storage_remove(const char *path, char *err, size_t errlen)
{
    clear_err(err, errlen);
    if (path == NULL || path[0] == '\0') {
        err_set(err, errlen, "no file to remove");
        return STORAGE_ERR_ARGS;
    }
    if (storage_os_remove(path) || storage_os_not_found()) {
        return STORAGE_OK;
    }
    err_set(err, errlen, "cannot remove %s: %s", path, storage_os_reason());
    return STORAGE_ERR_IO;
}

StorageStatus storage_set_aside(const char *path, char *newpath, size_t newpathlen, char *err,
                                size_t errlen)
{
    return storage_keep_aside(path, "corrupt", newpath, newpathlen, err, errlen);
}

StorageStatus storage_keep_aside(const char *path, const char *why, char *newpath,
                                 size_t newpathlen, char *err, size_t errlen)
{
    clear_err(err, errlen);
    if (newpath != NULL && newpathlen > 0) {
        newpath[0] = '\0';
    }
    if (path == NULL || path[0] == '\0') {
        err_set(err, errlen, "no file to set aside");
        return STORAGE_ERR_ARGS;
    }
    if (!storage_file_exists(path)) {
        err_set(err, errlen, "%s does not exist", path);
        return STORAGE_ERR_NOT_FOUND;
    }
    char target[STORAGE_PATH_MAX + 32];
    for (int i = 1; i <= 999; i++) {
        int n = snprintf(target, sizeof target, "%s.%s-%d", path, why, i);
        if (n < 0 || (size_t)n >= sizeof target) {
            err_set(err, errlen, "the path is too long: %s", path);
            return STORAGE_ERR_ARGS;
        }
        if (storage_os_file_info(target, NULL, NULL)) {
            continue;
        }
        if (storage_os_rename_new(path, target)) {
            if (newpath != NULL && newpathlen > 0) {
                snprintf(newpath, newpathlen, "%s", target);
            }
            return STORAGE_OK;
        }
        if (storage_file_exists(target)) {
            continue; /* lost a race to another instance: next number */
        }
        char reason[300];
        failure_reason(reason, sizeof reason);
        err_set(err, errlen, "cannot rename %s: %s", path, reason);
        return STORAGE_ERR_IO;
    }
    err_set(err, errlen, "too many set-aside copies of %s", path);
    return STORAGE_ERR_IO;
}

/* ---- what interrupted writes left --------------------------------------- */

/* A temporary file older than this is a leftover even if a process of its
 * id runs (ids are reused); a write takes milliseconds. */
#define TEMP_STALE_SECONDS (60 * 60)

/* True when the file name is one of our temporary files: a name we write
 * (settings.ini, *.gomoku, *.psq), the mark, then "<pid>-<n>-<hex time>".
 * Writes the process id that made it to *pid. */
static bool is_our_temp(const char *name, unsigned long *pid)
{
    const char *mark = strstr(name, STORAGE_TEMP_MARK);
    if (mark == NULL) {
        return false;
    }
    size_t stem = (size_t)(mark - name);
    char target[STORAGE_PATH_MAX];
    if (stem == 0 || stem >= sizeof target) {
        return false;
    }
    memcpy(target, name, stem);
    target[stem] = '\0';
    if (strcmp(target, STORAGE_SETTINGS_FILE) != 0 &&
        !storage_has_ext(target, STORAGE_SAVE_EXT, NULL) &&
        !storage_has_ext(target, STORAGE_PSQ_EXT, NULL)) {
        return false;
    }
    const char *p = mark + strlen(STORAGE_TEMP_MARK);
    int64_t v, count;
    const char *dash1 = strchr(p, '-');
    const char *dash2 = dash1 != NULL ? strchr(dash1 + 1, '-') : NULL;
    if (dash2 == NULL || !scan_uint((ScanSpan){p, (size_t)(dash1 - p)}, 0x7fffffff, &v) ||
        !scan_uint((ScanSpan){dash1 + 1, (size_t)(dash2 - dash1 - 1)}, 0xffffffff, &count)) {
        return false;
    }
    const char *hex = dash2 + 1;
    if (hex[0] == '\0' || strspn(hex, "0123456789abcdef") != strlen(hex)) {
        return false;
    }
    *pid = (unsigned long)v;
    return true;
}

typedef struct CleanCtx {
    const char *dir;
    int64_t now;
    int removed;
} CleanCtx;

static int clean_one(const char *name, void *user)
{
    CleanCtx *c = user;
    unsigned long pid;
    char path[STORAGE_PATH_MAX];
    int64_t mtime = 0;
    int n = snprintf(path, sizeof path, "%s%c%s", c->dir, SEP, name);
    if (!is_our_temp(name, &pid) || n < 0 || (size_t)n >= sizeof path ||
        !storage_os_file_info(path, NULL, &mtime)) {
        return 0;
    }
    /* A live writer's file is left alone: another instance may be saving. */
    bool writer_gone = pid != storage_os_pid() && !storage_os_process_alive(pid);
    if ((writer_gone || c->now - mtime > TEMP_STALE_SECONDS) && storage_os_remove(path)) {
        c->removed++;
    }
    return 0;
}

int storage_file_clean_dir(const char *dir)
{
    CleanCtx c = {dir, (int64_t)time(NULL), 0};
    if (dir != NULL && dir[0] != '\0') {
        (void)storage_os_each_entry(dir, clean_one, &c); /* unreadable: nothing to clean */
    }
    return c.removed;
}
