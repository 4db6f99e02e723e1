/*
 * storage.c - the data folder: saved games, the list, the autosave,
 * exports (one file at a time: storage_file.c).
 *
 * File names are UTF-8 everywhere; the calls into the file system are in
 * storage_os.c (Win32 wide-character API or POSIX).
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include "store/storage.h"

#include "core/record_psq.h"
#include "core/record_read.h"
#include "core/err.h"
#include "core/scan.h"
#include "core/record_text.h"

#include "core/attr.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <SDL.h>

#include "store/storage_os.h"

#define SEP '/'

static void clear_err(char *err, size_t errlen)
{
    if (err != NULL && errlen > 0) {
        err[0] = '\0';
    }
}

/* Returns the last path component of path (after '/' or '\\'). */
/* Creates path and its missing parents. */
static bool make_dirs(const char *path)
{
    char buf[STORAGE_PATH_MAX];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf) {
        return false;
    }
    memcpy(buf, path, n + 1);
    /* Start past a root ("/", "C:\", "\\server\share") so we never try to
     * create it. */
    size_t start = 1;
    if (n >= 3 && buf[1] == ':') {
        start = 3;
    }
    for (size_t i = start; i < n; i++) {
        if (buf[i] == '/' || buf[i] == '\\') {
            char c = buf[i];
            buf[i] = '\0';
            (void)storage_os_mkdir(buf); /* parents may exist or be unreadable */
            buf[i] = c;
        }
    }
    return storage_os_mkdir(buf);
}

StorageStatus storage_path(const Storage *st, const char *rel, char *out, size_t outlen)
{
    if (st == NULL || rel == NULL || out == NULL || outlen == 0 || st->dir[0] == '\0') {
        return STORAGE_ERR_ARGS;
    }
    int n = snprintf(out, outlen, "%s%c%s", st->dir, SEP, rel);
    if (n < 0 || (size_t)n >= outlen) {
        out[0] = '\0';
        return STORAGE_ERR_ARGS;
    }
    return STORAGE_OK;
}

StorageStatus storage_init(Storage *st, const char *dir, char *err, size_t errlen)
{
    clear_err(err, errlen);
    if (st == NULL) {
        err_set(err, errlen, "no storage to set up");
        return STORAGE_ERR_ARGS;
    }
    st->dir[0] = '\0';
    char chosen[STORAGE_PATH_MAX];
    const char *env = getenv(STORAGE_ENV_DIR);
    if (dir != NULL && dir[0] != '\0') {
        snprintf(chosen, sizeof chosen, "%s", dir);
    } else if (env != NULL && env[0] != '\0') {
        snprintf(chosen, sizeof chosen, "%s", env);
    } else {
        char *pref = SDL_GetPrefPath("Gomoku", "Gomoku");
        if (pref == NULL) {
            err_set(err, errlen, "cannot find a folder for saved games: %s", SDL_GetError());
            return STORAGE_ERR_IO;
        }
        snprintf(chosen, sizeof chosen, "%s", pref);
        SDL_free(pref);
    }
    size_t n = strlen(chosen);
    if (n + 64 >= sizeof chosen) {
        err_set(err, errlen, "the data folder path is too long: %s", chosen);
        return STORAGE_ERR_ARGS;
    }
    while (n > 1 && (chosen[n - 1] == '/' || chosen[n - 1] == '\\')) {
        chosen[--n] = '\0';
    }
    if (!make_dirs(chosen)) {
        err_set(err, errlen, "cannot create the data folder %s: %s", chosen, storage_os_reason());
        return STORAGE_ERR_IO;
    }
    Storage tmp;
    memcpy(tmp.dir, chosen, n + 1);
    char saves[STORAGE_PATH_MAX];
    if (storage_path(&tmp, STORAGE_SAVES_DIR, saves, sizeof saves) != STORAGE_OK ||
        !storage_os_mkdir(saves)) {
        err_set(err, errlen, "cannot create the folder %s: %s", saves, storage_os_reason());
        return STORAGE_ERR_IO;
    }
    tmp.exports[0] = '\0';
    *st = tmp;
    storage_set_documents(st, NULL);
    /* What writes cut short by a crash or a kill left behind. */
    storage_clean_temp(st);
    return STORAGE_OK;
}

StorageStatus storage_set_documents(Storage *st, const char *documents)
{
    if (st == NULL) {
        return STORAGE_ERR_ARGS;
    }
    st->exports[0] = '\0';
    char docs[STORAGE_PATH_MAX];
    const char *env = getenv(STORAGE_ENV_DOCUMENTS);
    if (documents != NULL && documents[0] != '\0') {
        snprintf(docs, sizeof docs, "%s", documents);
    } else if (env != NULL && env[0] != '\0') {
        snprintf(docs, sizeof docs, "%s", env);
    } else if (!storage_os_documents_dir(docs, sizeof docs)) {
        return STORAGE_ERR_NOT_FOUND;
    }
    size_t n = strlen(docs);
    while (n > 1 && (docs[n - 1] == '/' || docs[n - 1] == '\\')) {
        docs[--n] = '\0';
    }
    int m = snprintf(st->exports, sizeof st->exports, "%s%c%s", docs, SEP, STORAGE_EXPORTS_DIR);
    if (m < 0 || (size_t)m + 64 >= sizeof st->exports) {
        st->exports[0] = '\0';
        return STORAGE_ERR_ARGS;
    }
    return STORAGE_OK;
}

StorageStatus storage_export_path(const Storage *st, const char *name, char *out, size_t outlen,
                                  char *err, size_t errlen)
{
    clear_err(err, errlen);
    if (st == NULL || st->dir[0] == '\0' || !storage_name_valid(name) || out == NULL) {
        err_set(err, errlen, "'%s' cannot be exported", name == NULL ? "" : name);
        return STORAGE_ERR_ARGS;
    }
    const char *dir = st->exports[0] != '\0' ? st->exports : st->dir;
    int n = snprintf(out, outlen, "%s%c%s%s", dir, SEP, name, STORAGE_PSQ_EXT);
    if (n < 0 || (size_t)n >= outlen) {
        err_set(err, errlen, "the path is too long: %s", dir);
        return STORAGE_ERR_ARGS;
    }
    if (!make_dirs(dir)) {
        err_set(err, errlen, "cannot create the folder %s: %s", dir, storage_os_reason());
        return STORAGE_ERR_IO;
    }
    return STORAGE_OK;
}

StorageStatus storage_file_url(const char *path, char *out, size_t outlen)
{
    if (path == NULL || out == NULL || outlen == 0) {
        return STORAGE_ERR_ARGS;
    }
    bool drive = ((path[0] | 0x20) >= 'a' && (path[0] | 0x20) <= 'z') && path[1] == ':';
    bool unc = (path[0] == '\\' || path[0] == '/') && (path[1] == '\\' || path[1] == '/');
    size_t n = (size_t)snprintf(out, outlen, "%s", unc ? "file:" : drive ? "file:///" : "file://");
    for (size_t i = 0; path[i] != '\0'; i++) {
        unsigned char c = (unsigned char)path[i];
        char piece[4];
        if (c == '\\') {
            c = '/';
        }
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            strchr("-._~/", c) != NULL || (drive && i == 1)) {
            piece[0] = (char)c;
            piece[1] = '\0';
        } else {
            snprintf(piece, sizeof piece, "%%%02X", c);
        }
        size_t k = strlen(piece);
        if (n + k >= outlen) {
            out[0] = '\0';
            return STORAGE_ERR_ARGS;
        }
        memcpy(out + n, piece, k + 1);
        n += k;
    }
    return STORAGE_OK;
}

int storage_clean_temp(const Storage *st)
{
    if (st == NULL || st->dir[0] == '\0') {
        return 0;
    }
    char saves[STORAGE_PATH_MAX];
    const char *dirs[3] = {st->dir, NULL, st->exports[0] != '\0' ? st->exports : NULL};
    if (storage_path(st, STORAGE_SAVES_DIR, saves, sizeof saves) == STORAGE_OK) {
        dirs[1] = saves;
    }
    int removed = 0;
    for (int i = 0; i < 3; i++) {
        removed += dirs[i] != NULL ? storage_file_clean_dir(dirs[i]) : 0;
    }
    return removed;
}

/* ---- names and dates -------------------------------------------------- */

StorageNameProblem storage_name_check(const char *name)
{
    if (name == NULL || name[0] == '\0') {
        return STORAGE_NAME_EMPTY;
    }
    size_t n = strlen(name);
    if (n >= STORAGE_NAME_MAX) {
        return STORAGE_NAME_TOO_LONG;
    }
    for (size_t i = 0; i < n;) {
        size_t k = scan_utf8_len((const unsigned char *)name + i, n - i);
        if (k == 0) {
            return STORAGE_NAME_BAD_TEXT;
        }
        unsigned char c = (unsigned char)name[i];
        /* U+0080..U+009F are control characters too (C2 80..C2 9F). */
        if (c < 0x20 || c == 0x7f || (c == 0xC2 && (unsigned char)name[i + 1] < 0xA0) ||
            strchr("/\\:<>\"|?*", (int)c) != NULL) {
            return STORAGE_NAME_BAD_CHAR;
        }
        i += k;
    }
    if (name[0] == '.' || name[0] == ' ' || name[n - 1] == '.' || name[n - 1] == ' ') {
        return STORAGE_NAME_BAD_EDGE;
    }
    /* Windows reserves device names whatever the extension. */
    static const char *const reserved[] = {"con", "prn", "aux", "nul"};
    char low[8];
    size_t k = 0;
    while (k < n && k < sizeof low - 1 && name[k] != '.') {
        char c = name[k];
        low[k++] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
    }
    low[k] = '\0';
    /* "con .txt" is the device too ("console" is not). */
    while (k > 0 && low[k - 1] == ' ') {
        low[--k] = '\0';
    }
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++) {
        if (strcmp(low, reserved[i]) == 0) {
            return STORAGE_NAME_RESERVED;
        }
    }
    if (k == 4 && (memcmp(low, "com", 3) == 0 || memcmp(low, "lpt", 3) == 0) && low[3] >= '0' &&
        low[3] <= '9') {
        return STORAGE_NAME_RESERVED;
    }
    return STORAGE_NAME_OK;
}

bool storage_name_valid(const char *name)
{
    return storage_name_check(name) == STORAGE_NAME_OK;
}

char *storage_date_now(char *out, size_t outlen)
{
    if (out == NULL || outlen == 0) {
        return out;
    }
    struct tm tm;
    storage_os_utc_time(time(NULL), &tm);
    if (strftime(out, outlen, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0) {
        out[0] = '\0';
    }
    return out;
}

static StorageStatus save_path(const Storage *st, const char *name, char *out, size_t outlen)
{
    char rel[STORAGE_NAME_MAX + 32];
    snprintf(rel, sizeof rel, "%s%c%s%s", STORAGE_SAVES_DIR, SEP, name, STORAGE_SAVE_EXT);
    return storage_path(st, rel, out, outlen);
}

StorageStatus storage_suggest_name(const Storage *st, char *out, size_t outlen)
{
    return storage_suggest_name_after(st, "", out, outlen);
}

StorageStatus storage_suggest_name_after(const Storage *st, const char *prefix, char *out,
                                         size_t outlen)
{
    if (st == NULL || out == NULL || outlen < STORAGE_NAME_MAX || prefix == NULL ||
        strlen(prefix) > STORAGE_NAME_MAX / 2) {
        return STORAGE_ERR_ARGS;
    }
    struct tm tm;
    storage_os_local_time(time(NULL), &tm);
    char stamp[32], base[STORAGE_NAME_MAX];
    if (strftime(stamp, sizeof stamp, "%Y-%m-%d %H-%M", &tm) == 0) {
        snprintf(stamp, sizeof stamp, "game");
    }
    snprintf(base, sizeof base, "%s%s%s", prefix, prefix[0] != '\0' ? " " : "", stamp);
    for (int i = 1; i < 1000; i++) {
        if (i == 1) {
            snprintf(out, outlen, "%s", base);
        } else {
            snprintf(out, outlen, "%s (%d)", base, i);
        }
        char path[STORAGE_PATH_MAX];
        if (save_path(st, out, path, sizeof path) != STORAGE_OK) {
            return STORAGE_ERR_ARGS;
        }
        if (!storage_file_exists(path)) {
            return STORAGE_OK;
        }
    }
    return STORAGE_ERR_ARGS;
}

/* ---- listing ------------------------------------------------------------ */

static int entry_cmp(const void *a, const void *b)
{
    const StorageEntry *x = a;
    const StorageEntry *y = b;
    if (x->mtime != y->mtime) {
        return x->mtime > y->mtime ? -1 : 1;
    }
    int c = strcmp(x->name, y->name);
    if (c != 0) {
        return c;
    }
    /* Same name and time (x.gomoku beside x.psq): ours first, then by path. */
    if (x->kind != y->kind) {
        return x->kind == STORAGE_KIND_GOMOKU ? -1 : 1;
    }
    return strcmp(x->path, y->path);
}

/* Which files a folder's listing takes. */
typedef struct ListWant {
    bool gomoku;
    bool psq;
} ListWant;

/* Copies the stem of a .psq name into e->name, cut at a character boundary
 * when it is too long to show whole (the path still names the file). */
static void psq_name(StorageEntry *e, const char *fname, size_t stem)
{
    size_t n = stem;
    if (n >= sizeof e->name) {
        n = sizeof e->name - 1;
        while (n > 0 && ((unsigned char)fname[n] & 0xC0) == 0x80) {
            n--;
        }
    }
    memcpy(e->name, fname, n);
    e->name[n] = '\0';
}

/* Adds one directory entry to the list if it is a file we list. */
static int list_add(StorageList *out, int *cap, const char *dir, const char *fname, ListWant want)
{
    size_t stem;
    StorageEntry e;
    memset(&e, 0, sizeof e);
    if (want.gomoku && storage_has_ext(fname, STORAGE_SAVE_EXT, &stem)) {
        if (stem >= STORAGE_NAME_MAX) {
            return 0;
        }
        memcpy(e.name, fname, stem);
        e.name[stem] = '\0';
        /* Only names we could have written: Delete and Save address saves by name. */
        if (!storage_name_valid(e.name)) {
            return 0;
        }
        e.kind = STORAGE_KIND_GOMOKU;
    } else if (want.psq && storage_has_ext(fname, STORAGE_PSQ_EXT, &stem)) {
        if (fname[0] == '.') {
            return 0; /* hidden files (and our own temporary files) stay hidden */
        }
        psq_name(&e, fname, stem);
        e.kind = STORAGE_KIND_PSQ;
    } else {
        return 0;
    }
    int n = snprintf(e.path, sizeof e.path, "%s%c%s", dir, SEP, fname);
    if (n < 0 || (size_t)n >= sizeof e.path) {
        return 0;
    }
    if (!storage_os_file_info(e.path, &e.bytes, &e.mtime)) {
        return 0;
    }
    struct tm tm;
    storage_os_local_time((time_t)e.mtime, &tm);
    if (strftime(e.date, sizeof e.date, "%Y-%m-%d %H:%M", &tm) == 0) {
        e.date[0] = '\0';
    }
    if (out->count == *cap) {
        int ncap = *cap == 0 ? 16 : *cap * 2;
        StorageEntry *p = realloc(out->items, (size_t)ncap * sizeof *p);
        if (p == NULL) {
            return -1;
        }
        out->items = p;
        *cap = ncap;
    }
    out->items[out->count++] = e;
    return 0;
}

typedef struct ListCtx {
    StorageList *out;
    int *cap;
    const char *dir;
    ListWant want;
} ListCtx;

static int list_one(const char *name, void *user)
{
    ListCtx *c = user;
    return list_add(c->out, c->cap, c->dir, name, c->want);
}

/* Appends the wanted files of dir to out. */
static StorageStatus list_dir(const char *dir, ListWant want, StorageList *out, int *cap, char *err,
                              size_t errlen)
{
    ListCtx c = {out, cap, dir, want};
    int rc = storage_os_each_entry(dir, list_one, &c);
    if (rc < 0) {
        err_set(err, errlen, "cannot list %s: %s", dir, storage_os_reason());
        return storage_os_not_found() ? STORAGE_ERR_NOT_FOUND : STORAGE_ERR_IO;
    }
    if (rc > 0) {
        err_set(err, errlen, "out of memory listing %s", dir);
        return STORAGE_ERR_NOMEM;
    }
    return STORAGE_OK;
}

/* Lists the saves folder: its saves, and with with_psq its .psq files and the data folder's. */
static StorageStatus list_files(const Storage *st, bool with_psq, StorageList *out, char *err,
                                size_t errlen)
{
    clear_err(err, errlen);
    if (out == NULL) {
        err_set(err, errlen, "no list to fill");
        return STORAGE_ERR_ARGS;
    }
    out->items = NULL;
    out->count = 0;
    char dir[STORAGE_PATH_MAX];
    if (st == NULL || storage_path(st, STORAGE_SAVES_DIR, dir, sizeof dir) != STORAGE_OK) {
        err_set(err, errlen, "the data folder is not set up");
        return STORAGE_ERR_ARGS;
    }
    int cap = 0;
    StorageStatus s = list_dir(dir, (ListWant){true, with_psq}, out, &cap, err, errlen);
    if (s == STORAGE_OK && with_psq) {
        s = list_dir(st->dir, (ListWant){false, true}, out, &cap, err, errlen);
    }
    if (s == STORAGE_OK && with_psq && st->exports[0] != '\0' && strcmp(st->exports, dir) != 0 &&
        strcmp(st->exports, st->dir) != 0) {
        /* Not there yet, or Documents unreadable: the list stays what it is. */
        StorageStatus e = list_dir(st->exports, (ListWant){false, true}, out, &cap, NULL, 0);
        s = e == STORAGE_ERR_NOMEM ? e : STORAGE_OK;
    }
    if (s != STORAGE_OK) {
        storage_list_free(out);
        return s;
    }
    if (out->count > 1) {
        qsort(out->items, (size_t)out->count, sizeof out->items[0], entry_cmp);
    }
    return STORAGE_OK;
}

StorageStatus storage_list_saves(const Storage *st, StorageList *out, char *err, size_t errlen)
{
    return list_files(st, false, out, err, errlen);
}

StorageStatus storage_list_games(const Storage *st, StorageList *out, char *err, size_t errlen)
{
    return list_files(st, true, out, err, errlen);
}

void storage_list_free(StorageList *list)
{
    if (list == NULL) {
        return;
    }
    free(list->items);
    list->items = NULL;
    list->count = 0;
}

/* ---- records ------------------------------------------------------------ */

/* Formats rec (ours or .psq) and writes it atomically to path. */
static StorageStatus write_record(const char *path, const Record *rec, bool psq, char *err,
                                  size_t errlen)
{
    if (rec == NULL) {
        err_set(err, errlen, "no game to save");
        return STORAGE_ERR_ARGS;
    }
    size_t len = 0;
    char *text = psq ? record_format_psq(rec, &len) : record_format(rec, &len);
    if (text == NULL) {
        err_set(err, errlen, "out of memory saving %s", path);
        return STORAGE_ERR_NOMEM;
    }
    StorageStatus s = storage_write_atomic(path, text, len, err, errlen);
    free(text);
    return s;
}

/* Reads and parses a record file; shown is the name used in messages. */
static StorageStatus read_record(const char *path, const char *shown, Record *out, char *err,
                                 size_t errlen)
{
    if (out == NULL) {
        err_set(err, errlen, "no record to fill");
        return STORAGE_ERR_ARGS;
    }
    char *text = NULL;
    size_t len = 0;
    StorageStatus s = storage_read_file(path, RECORD_MAX_TEXT_BYTES, &text, &len, err, errlen);
    if (s == STORAGE_ERR_TOO_BIG) {
        err_set(err, errlen, "%s is too large to be a game record", shown);
        return STORAGE_ERR_CORRUPT;
    }
    if (s != STORAGE_OK) {
        return s;
    }
    char why[256];
    int rc = record_parse_file(path, text, len, out, why, sizeof why);
    free(text);
    if (rc != 0) {
        err_set(err, errlen, "%s is damaged: %s", shown, why);
        return STORAGE_ERR_CORRUPT;
    }
    return STORAGE_OK;
}

StorageStatus storage_game_path(const Storage *st, const char *name, char *out, size_t outlen,
                                char *err, size_t errlen)
{
    clear_err(err, errlen);
    if (!storage_name_valid(name)) {
        err_set(err, errlen, "'%s' cannot be used as a file name", name == NULL ? "" : name);
        return STORAGE_ERR_ARGS;
    }
    if (st == NULL || out == NULL || save_path(st, name, out, outlen) != STORAGE_OK) {
        err_set(err, errlen, "the data folder is not set up");
        return STORAGE_ERR_ARGS;
    }
    return STORAGE_OK;
}

StorageStatus storage_save_game(const Storage *st, const char *name, const Record *rec, char *err,
                                size_t errlen)
{
    clear_err(err, errlen);
    if (!storage_name_valid(name)) {
        err_set(err, errlen, "'%s' cannot be used as a file name", name == NULL ? "" : name);
        return STORAGE_ERR_ARGS;
    }
    char path[STORAGE_PATH_MAX];
    if (st == NULL || save_path(st, name, path, sizeof path) != STORAGE_OK) {
        err_set(err, errlen, "the data folder is not set up");
        return STORAGE_ERR_ARGS;
    }
    return write_record(path, rec, false, err, errlen);
}

StorageStatus storage_load_game(const Storage *st, const char *name, Record *out, char *err,
                                size_t errlen)
{
    clear_err(err, errlen);
    if (!storage_name_valid(name)) {
        err_set(err, errlen, "there is no saved game called '%s'", name == NULL ? "" : name);
        return STORAGE_ERR_ARGS;
    }
    char path[STORAGE_PATH_MAX];
    if (st == NULL || save_path(st, name, path, sizeof path) != STORAGE_OK) {
        err_set(err, errlen, "the data folder is not set up");
        return STORAGE_ERR_ARGS;
    }
    char shown[STORAGE_NAME_MAX + 16];
    snprintf(shown, sizeof shown, "'%s'", name);
    StorageStatus s = read_record(path, shown, out, err, errlen);
    if (s == STORAGE_ERR_NOT_FOUND) {
        err_set(err, errlen, "there is no saved game called '%s'", name);
    }
    return s;
}

StorageStatus storage_delete_game(const Storage *st, const char *name, char *err, size_t errlen)
{
    clear_err(err, errlen);
    char path[STORAGE_PATH_MAX];
    if (!storage_name_valid(name) || st == NULL ||
        save_path(st, name, path, sizeof path) != STORAGE_OK) {
        err_set(err, errlen, "there is no saved game called '%s'", name == NULL ? "" : name);
        return STORAGE_ERR_ARGS;
    }
    if (!storage_file_exists(path)) {
        err_set(err, errlen, "there is no saved game called '%s'", name);
        return STORAGE_ERR_NOT_FOUND;
    }
    return storage_remove(path, err, errlen);
}

bool storage_save_exists(const Storage *st, const char *name)
{
    char path[STORAGE_PATH_MAX];
    return storage_name_valid(name) && st != NULL &&
           save_path(st, name, path, sizeof path) == STORAGE_OK && storage_file_exists(path);
}

/* True when path is dir + separator + a plain file name. */
static bool directly_in(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    if (n == 0 || strncmp(path, dir, n) != 0 || (path[n] != '/' && path[n] != '\\')) {
        return false;
    }
    const char *f = path + n + 1;
    return f[0] != '\0' && strchr(f, '/') == NULL && strchr(f, '\\') == NULL &&
           strcmp(f, ".") != 0 && strcmp(f, "..") != 0;
}

StorageStatus storage_delete_entry(const Storage *st, const StorageEntry *e, char *err,
                                   size_t errlen)
{
    clear_err(err, errlen);
    char saves[STORAGE_PATH_MAX];
    size_t stem;
    if (st == NULL || e == NULL ||
        storage_path(st, STORAGE_SAVES_DIR, saves, sizeof saves) != STORAGE_OK) {
        err_set(err, errlen, "the data folder is not set up");
        return STORAGE_ERR_ARGS;
    }
    bool ours = e->kind == STORAGE_KIND_GOMOKU && directly_in(e->path, saves) &&
                storage_has_ext(e->path, STORAGE_SAVE_EXT, &stem);
    bool psq = e->kind == STORAGE_KIND_PSQ &&
               (directly_in(e->path, saves) || directly_in(e->path, st->dir) ||
                directly_in(e->path, st->exports)) &&
               storage_has_ext(e->path, STORAGE_PSQ_EXT, &stem);
    if (!ours && !psq) {
        err_set(err, errlen, "%s is not a saved game", e->path);
        return STORAGE_ERR_ARGS;
    }
    if (!storage_file_exists(e->path)) {
        err_set(err, errlen, "%s no longer exists", storage_layout_base_name(e->path));
        return STORAGE_ERR_NOT_FOUND;
    }
    return storage_remove(e->path, err, errlen);
}

StorageStatus storage_load_path(const char *path, Record *out, char *err, size_t errlen)
{
    clear_err(err, errlen);
    if (path == NULL || path[0] == '\0') {
        err_set(err, errlen, "no file to open");
        return STORAGE_ERR_ARGS;
    }
    return read_record(path, storage_layout_base_name(path), out, err, errlen);
}

void storage_read_info(const char *path, Record *scratch, StorageInfo *out)
{
    memset(out, 0, sizeof *out);
    out->last = MOVE_NONE;
    board_init(&out->board, 15);
    if (path == NULL || scratch == NULL) {
        out->damaged = true;
        return;
    }
    StorageStatus s =
        read_record(path, storage_layout_base_name(path), scratch, out->why, sizeof out->why);
    if (s != STORAGE_OK) {
        out->damaged = true;
        return;
    }
    out->rules = scratch->rules;
    out->moves = scratch->count;
    out->result = scratch->result;
    out->end = scratch->end;
    board_init(&out->board, scratch->size);
    for (int i = 0; i < scratch->count; i++) {
        Move m = scratch->moves[i];
        board_set(&out->board, m.x, m.y, i % 2 == 0 ? STONE_BLACK : STONE_WHITE);
        out->last = m;
    }
}

StorageStatus storage_save_path(const char *path, const Record *rec, char *err, size_t errlen)
{
    clear_err(err, errlen);
    if (path == NULL || path[0] == '\0') {
        err_set(err, errlen, "no file to write");
        return STORAGE_ERR_ARGS;
    }
    return write_record(path, rec, storage_has_ext(path, STORAGE_PSQ_EXT, NULL), err, errlen);
}

StorageStatus storage_autosave_write(const Storage *st, const Record *rec, char *err, size_t errlen)
{
    clear_err(err, errlen);
    char path[STORAGE_PATH_MAX];
    if (st == NULL || storage_path(st, STORAGE_AUTOSAVE_FILE, path, sizeof path) != STORAGE_OK) {
        err_set(err, errlen, "the data folder is not set up");
        return STORAGE_ERR_ARGS;
    }
    return write_record(path, rec, false, err, errlen);
}

StorageStatus storage_autosave_load(const Storage *st, Record *out, char *err, size_t errlen)
{
    clear_err(err, errlen);
    char path[STORAGE_PATH_MAX];
    if (st == NULL || storage_path(st, STORAGE_AUTOSAVE_FILE, path, sizeof path) != STORAGE_OK) {
        err_set(err, errlen, "the data folder is not set up");
        return STORAGE_ERR_ARGS;
    }
    StorageStatus s = read_record(path, "the autosaved game", out, err, errlen);
    if (s == STORAGE_ERR_NOT_FOUND) {
        clear_err(err, errlen);
    }
    return s;
}

StorageStatus storage_autosave_remove(const Storage *st, char *err, size_t errlen)
{
    clear_err(err, errlen);
    char path[STORAGE_PATH_MAX];
    if (st == NULL || storage_path(st, STORAGE_AUTOSAVE_FILE, path, sizeof path) != STORAGE_OK) {
        err_set(err, errlen, "the data folder is not set up");
        return STORAGE_ERR_ARGS;
    }
    return storage_remove(path, err, errlen);
}

const char *storage_status_name(StorageStatus s)
{
    switch (s) {
    case STORAGE_OK: return "ok";
    case STORAGE_ERR_ARGS: return "invalid argument";
    case STORAGE_ERR_IO: return "input/output error";
    case STORAGE_ERR_NOT_FOUND: return "file not found";
    case STORAGE_ERR_TOO_BIG: return "file too large";
    case STORAGE_ERR_CORRUPT: return "damaged file";
    case STORAGE_ERR_NOMEM: return "out of memory";
    case STORAGE_ERR_NO_SPACE: return "disk full";
    case STORAGE_ERR_NO_ACCESS: return "cannot be written";
    case STORAGE_ERR_FOLDER: return "a folder is in the way";
    default: return "unknown error";
    }
}
