/*
 * storage_os.c - the file-system calls of storage.c, on the Win32
 * wide-character API (so a user folder like C:\\Users\\Zoë works) or on
 * POSIX.  Paths are UTF-8 on every system.
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include "store/storage_os.h"

#include "store/storage_layout.h" /* STORAGE_PATH_MAX, storage_parse_user_dirs */

#include <SDL.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#include <shlobj.h>
#else
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#endif

#ifdef _WIN32

/* Returns a new wide copy of a UTF-8 string (free with free()), or NULL. */
static wchar_t *widen(const char *s)
{
    int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, NULL, 0);
    if (n <= 0) {
        return NULL;
    }
    wchar_t *w = malloc((size_t)n * sizeof *w);
    if (w == NULL) {
        return NULL;
    }
    if (MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, w, n) != n) {
        free(w);
        return NULL;
    }
    return w;
}

static char *narrow(const wchar_t *w)
{
    int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, NULL, 0, NULL, NULL);
    if (n <= 0) {
        return NULL;
    }
    char *s = malloc((size_t)n);
    if (s == NULL) {
        return NULL;
    }
    if (WideCharToMultiByte(CP_UTF8, 0, w, -1, s, n, NULL, NULL) != n) {
        free(s);
        return NULL;
    }
    return s;
}

const char *storage_os_reason(void)
{
    static _Thread_local char buf[256]; /* the writer thread has its own */
    DWORD code = GetLastError();
    DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL, code,
                             0, buf, (DWORD)sizeof buf, NULL);
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == '.')) {
        buf[--n] = '\0';
    }
    if (n == 0) {
        snprintf(buf, sizeof buf, "system error %lu", (unsigned long)code);
    }
    return buf;
}

bool storage_os_not_found(void)
{
    DWORD e = GetLastError();
    return e == ERROR_FILE_NOT_FOUND || e == ERROR_PATH_NOT_FOUND;
}

bool storage_os_no_space(void)
{
    DWORD e = GetLastError();
    return e == ERROR_DISK_FULL || e == ERROR_HANDLE_DISK_FULL;
}

bool storage_os_no_access(void)
{
    DWORD e = GetLastError();
    return e == ERROR_ACCESS_DENIED || e == ERROR_WRITE_PROTECT;
}

bool storage_os_is_dir(const char *path)
{
    wchar_t *w = widen(path);
    DWORD attr = w != NULL ? GetFileAttributesW(w) : INVALID_FILE_ATTRIBUTES;
    free(w);
    return attr != INVALID_FILE_ATTRIBUTES && (attr & FILE_ATTRIBUTE_DIRECTORY) != 0;
}

static intptr_t sys_open_new(const char *path, bool *exists)
{
    *exists = false;
    wchar_t *w = widen(path);
    if (w == NULL) {
        SetLastError(ERROR_INVALID_NAME);
        return -1;
    }
    HANDLE h = CreateFileW(w, GENERIC_WRITE, 0, NULL, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, NULL);
    free(w);
    if (h == INVALID_HANDLE_VALUE) {
        *exists = GetLastError() == ERROR_FILE_EXISTS;
        return -1;
    }
    return (intptr_t)h;
}

static long sys_write(intptr_t h, const void *data, size_t n)
{
    DWORD chunk = n > 0x40000000u ? 0x40000000u : (DWORD)n;
    DWORD done = 0;
    if (!WriteFile((HANDLE)h, data, chunk, &done, NULL) || done == 0) {
        return -1;
    }
    return (long)done;
}

static int sys_sync(intptr_t h)
{
    return FlushFileBuffers((HANDLE)h) ? 0 : -1;
}

static int sys_close(intptr_t h)
{
    return CloseHandle((HANDLE)h) ? 0 : -1;
}

/* Renames from over to, replacing an existing file (what POSIX rename
 * does; plain MoveFile refuses when the target exists). */
static int sys_rename(const char *from, const char *to)
{
    wchar_t *wf = widen(from);
    wchar_t *wt = widen(to);
    BOOL ok = wf != NULL && wt != NULL &&
              MoveFileExW(wf, wt, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH);
    free(wf);
    free(wt);
    return ok ? 0 : -1;
}

static int sys_mkdir(const char *path)
{
    wchar_t *w = widen(path);
    BOOL ok = w != NULL && CreateDirectoryW(w, NULL);
    free(w);
    return ok ? 0 : -1;
}

/* Whether the last failure says the thing is already there. */
static bool failed_exists(void)
{
    return GetLastError() == ERROR_ALREADY_EXISTS;
}

/* Keeps the reason of a failure across the calls that clean up after it. */
static unsigned long save_reason(void)
{
    return GetLastError();
}

static void restore_reason(unsigned long e)
{
    SetLastError((DWORD)e);
}

/* Stat: returns true for an existing regular file and fills size/mtime. */
bool storage_os_file_info(const char *path, int64_t *bytes, int64_t *mtime)
{
    wchar_t *w = widen(path);
    if (w == NULL) {
        return false;
    }
    WIN32_FILE_ATTRIBUTE_DATA d;
    BOOL ok = GetFileAttributesExW(w, GetFileExInfoStandard, &d);
    free(w);
    if (!ok || (d.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0) {
        return false;
    }
    if (bytes != NULL) {
        *bytes = (int64_t)(((uint64_t)d.nFileSizeHigh << 32) | d.nFileSizeLow);
    }
    if (mtime != NULL) {
        uint64_t t =
            ((uint64_t)d.ftLastWriteTime.dwHighDateTime << 32) | d.ftLastWriteTime.dwLowDateTime;
        /* 100 ns ticks since 1601 to seconds since 1970. */
        *mtime = (int64_t)(t / 10000000u) - INT64_C(11644473600);
    }
    return true;
}

bool storage_os_remove(const char *path)
{
    wchar_t *w = widen(path);
    if (w == NULL) {
        return false;
    }
    BOOL ok = DeleteFileW(w);
    free(w);
    return ok != 0;
}

/* Renames without replacing (for set-aside names). */
bool storage_os_rename_new(const char *from, const char *to)
{
    wchar_t *wf = widen(from);
    wchar_t *wt = widen(to);
    BOOL ok = wf != NULL && wt != NULL && MoveFileExW(wf, wt, 0);
    free(wf);
    free(wt);
    return ok != 0;
}

FILE *storage_os_fopen_read(const char *path)
{
    wchar_t *w = widen(path);
    if (w == NULL) {
        SetLastError(ERROR_INVALID_NAME);
        return NULL;
    }
    FILE *f = _wfopen(w, L"rb");
    if (f == NULL) {
        /* _wfopen sets errno, not the Win32 error; keep os_reason right. */
        SetLastError(errno == ENOENT ? ERROR_FILE_NOT_FOUND : ERROR_ACCESS_DENIED);
    }
    free(w);
    return f;
}

unsigned long storage_os_pid(void)
{
    return (unsigned long)GetCurrentProcessId();
}

bool storage_os_process_alive(unsigned long pid)
{
    HANDLE h = OpenProcess(SYNCHRONIZE, FALSE, (DWORD)pid);
    if (h == NULL) {
        return GetLastError() == ERROR_ACCESS_DENIED; /* someone else's, running */
    }
    bool alive = WaitForSingleObject(h, 0) == WAIT_TIMEOUT;
    CloseHandle(h);
    return alive;
}

void storage_os_local_time(time_t t, struct tm *out)
{
    localtime_s(out, &t);
}

void storage_os_utc_time(time_t t, struct tm *out)
{
    gmtime_s(out, &t);
}

int storage_os_each_entry(const char *dir, int (*fn)(const char *name, void *user), void *user)
{
    char pattern[STORAGE_PATH_MAX + 4];
    int n = snprintf(pattern, sizeof pattern, "%s\\*", dir);
    wchar_t *wpat = n > 0 && (size_t)n < sizeof pattern ? widen(pattern) : NULL;
    if (wpat == NULL) {
        SetLastError(ERROR_NOT_ENOUGH_MEMORY);
        return -1;
    }
    WIN32_FIND_DATAW fd;
    HANDLE h = FindFirstFileW(wpat, &fd);
    free(wpat);
    if (h == INVALID_HANDLE_VALUE) {
        /* A folder with no entries at all: nothing to list. */
        return GetLastError() == ERROR_FILE_NOT_FOUND ? 0 : -1;
    }
    int rc = 0;
    do {
        char *name = narrow(fd.cFileName);
        if (name != NULL) {
            rc = fn(name, user) != 0;
            free(name);
        }
    } while (rc == 0 && FindNextFileW(h, &fd));
    FindClose(h);
    return rc;
}

void storage_os_sync_dir(const char *path)
{
    (void)path; /* NTFS journals the rename itself */
}

bool storage_os_documents_dir(char *out, size_t outlen)
{
    /* FOLDERID_Documents, spelled out so no uuid library is needed. */
    static const GUID documents = {
        0xFDD39AD0, 0x238F, 0x46AF, {0xAD, 0xB4, 0x6C, 0x85, 0x48, 0x03, 0x69, 0xC7}};
    PWSTR w = NULL;
    HRESULT hr = SHGetKnownFolderPath(&documents, 0, NULL, &w);
    char *path = SUCCEEDED(hr) && w != NULL ? narrow(w) : NULL;
    CoTaskMemFree(w);
    bool ok = path != NULL && path[0] != '\0' && strlen(path) < outlen;
    if (ok) {
        memcpy(out, path, strlen(path) + 1);
    }
    free(path);
    return ok;
}

#else /* POSIX */

const char *storage_os_reason(void)
{
    return strerror(errno);
}

bool storage_os_not_found(void)
{
    return errno == ENOENT || errno == ENOTDIR;
}

bool storage_os_no_space(void)
{
#ifdef EDQUOT
    if (errno == EDQUOT) {
        return true;
    }
#endif
    return errno == ENOSPC;
}

bool storage_os_no_access(void)
{
    return errno == EROFS || errno == EACCES || errno == EPERM;
}

bool storage_os_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static intptr_t sys_open_new(const char *path, bool *exists)
{
    int flags = O_WRONLY | O_CREAT | O_EXCL;
#ifdef O_CLOEXEC
    flags |= O_CLOEXEC;
#endif
    int fd = open(path, flags, 0644);
    *exists = fd < 0 && errno == EEXIST;
    return fd;
}

static long sys_write(intptr_t h, const void *data, size_t n)
{
    for (;;) {
        ssize_t w = write((int)h, data, n);
        if (w < 0 && errno == EINTR) {
            continue;
        }
        if (w == 0) {
            errno = EIO;
            return -1;
        }
        return (long)w;
    }
}

static int sys_sync(intptr_t h)
{
    /* EINVAL, EROFS: a file system (or a special file) that cannot sync;
     * nothing more can be done there. */
    return fsync((int)h) == 0 || errno == EINVAL || errno == EROFS ? 0 : -1;
}

static int sys_close(intptr_t h)
{
    return close((int)h);
}

static int sys_rename(const char *from, const char *to)
{
    return rename(from, to);
}

static int sys_mkdir(const char *path)
{
    return mkdir(path, 0755);
}

/* Whether the last failure says the thing is already there. */
static bool failed_exists(void)
{
    return errno == EEXIST;
}

/* Keeps the reason of a failure across the calls that clean up after it. */
static unsigned long save_reason(void)
{
    return (unsigned long)errno;
}

static void restore_reason(unsigned long e)
{
    errno = (int)e;
}

bool storage_os_file_info(const char *path, int64_t *bytes, int64_t *mtime)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        return false;
    }
    if (bytes != NULL) {
        *bytes = (int64_t)st.st_size;
    }
    if (mtime != NULL) {
        *mtime = (int64_t)st.st_mtime;
    }
    return true;
}

bool storage_os_remove(const char *path)
{
    return unlink(path) == 0;
}

bool storage_os_rename_new(const char *from, const char *to)
{
    /* link + unlink fails when 'to' exists instead of replacing it. */
    if (link(from, to) == 0) {
        unlink(from);
        return true;
    }
    if (errno == EEXIST) {
        return false;
    }
    /* File systems without hard links: check, then rename. */
    struct stat st;
    if (stat(to, &st) == 0) {
        errno = EEXIST;
        return false;
    }
    return rename(from, to) == 0;
}

/* Makes the rename itself durable; failure only costs durability. */
void storage_os_sync_dir(const char *path)
{
    char dir[STORAGE_PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash == NULL) {
        snprintf(dir, sizeof dir, ".");
    } else if (slash == dir) {
        dir[1] = '\0';
    } else {
        *slash = '\0';
    }
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

FILE *storage_os_fopen_read(const char *path)
{
    return fopen(path, "rb");
}

unsigned long storage_os_pid(void)
{
    return (unsigned long)getpid();
}

bool storage_os_process_alive(unsigned long pid)
{
    if (pid == 0 || pid > 0x7fffffffUL) {
        return false;
    }
    return kill((pid_t)pid, 0) == 0 || errno == EPERM; /* EPERM: someone else's, running */
}

void storage_os_local_time(time_t t, struct tm *out)
{
    localtime_r(&t, out);
}

void storage_os_utc_time(time_t t, struct tm *out)
{
    gmtime_r(&t, out);
}

#ifndef __APPLE__
/* The text of a small file (the caller frees it), or NULL. */
static char *slurp_small(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    enum { MAX = 64 * 1024 };
    char *buf = malloc(MAX);
    *len = buf != NULL ? fread(buf, 1, MAX, f) : 0;
    fclose(f);
    return buf;
}
#endif

bool storage_os_documents_dir(char *out, size_t outlen)
{
    const char *home = getenv("HOME");
    if (home == NULL || home[0] != '/') {
        return false;
    }
#ifndef __APPLE__
    /* The folder the desktop calls Documents, in the user's language
     * ("Dokumente", "文档"), as xdg-user-dir DOCUMENTS tells it. */
    char conf[STORAGE_PATH_MAX];
    const char *xdg = getenv("XDG_CONFIG_HOME");
    int n = xdg != NULL && xdg[0] == '/'
                ? snprintf(conf, sizeof conf, "%s/user-dirs.dirs", xdg)
                : snprintf(conf, sizeof conf, "%s/.config/user-dirs.dirs", home);
    size_t len = 0;
    char *text = n > 0 && (size_t)n < sizeof conf ? slurp_small(conf, &len) : NULL;
    bool found = text != NULL && storage_parse_user_dirs(text, len, home, out, outlen);
    free(text);
    if (found) {
        return true;
    }
#endif
    int m = snprintf(out, outlen, "%s/Documents", home);
    return m > 0 && (size_t)m < outlen;
}

int storage_os_each_entry(const char *dir, int (*fn)(const char *name, void *user), void *user)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        return -1;
    }
    int rc = 0;
    struct dirent *de;
    while (rc == 0 && (de = readdir(d)) != NULL) {
        rc = fn(de->d_name, user) != 0;
    }
    closedir(d);
    return rc;
}

#endif

/* ---- the calls every write goes through -------------------------------- */

static const StorageOsCalls SYSTEM_CALLS = {sys_open_new, sys_write,  sys_sync,
                                            sys_close,    sys_rename, sys_mkdir};
/* The table in use: NULL for the system's.  A test changes it while the
 * writer thread may read it, hence atomic. */
static void *calls_set;

const StorageOsCalls *storage_os_calls(void)
{
    const StorageOsCalls *c = SDL_AtomicGetPtr(&calls_set);
    return c != NULL ? c : &SYSTEM_CALLS;
}

const StorageOsCalls *storage_os_system_calls(void)
{
    return &SYSTEM_CALLS;
}

void storage_os_set_calls(const StorageOsCalls *c)
{
    SDL_AtomicSetPtr(&calls_set, (void *)(uintptr_t)c); /* read only through const */
}

bool storage_os_mkdir(const char *path)
{
    if (storage_os_calls()->mkdir(path) != 0 && !failed_exists()) {
        return false;
    }
    if (!storage_os_is_dir(path)) {
#ifdef _WIN32
        SetLastError(ERROR_DIRECTORY);
#else
        errno = ENOTDIR;
#endif
        return false;
    }
    return true;
}

bool storage_os_rename_replace(const char *from, const char *to)
{
    return storage_os_calls()->rename(from, to) == 0;
}

int storage_os_write_new(const char *tmp, const void *data, size_t len, bool *exists)
{
    const StorageOsCalls *c = storage_os_calls();
    intptr_t h = c->open_new(tmp, exists);
    if (h < 0) {
        return -1;
    }
    const char *p = data;
    size_t left = len;
    while (left > 0) {
        long n = c->write(h, p, left);
        if (n <= 0) {
            unsigned long e = save_reason();
            c->close(h);
            restore_reason(e);
            return -1;
        }
        p += n;
        left -= (size_t)n;
    }
    if (c->sync(h) != 0) {
        unsigned long e = save_reason();
        c->close(h);
        restore_reason(e);
        return -1;
    }
    return c->close(h) == 0 ? 0 : -1;
}
