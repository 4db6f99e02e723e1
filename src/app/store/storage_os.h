/*
 * storage_os.h - the few file-system calls storage.c and storage_file.c
 * need, on the Win32 wide-character API or on POSIX.  Paths are UTF-8 on
 * every system.  Internal to those two (and the tests that make the
 * system fail, through StorageOsCalls): nothing else includes it.
 */
#ifndef GOMOKU_STORAGE_OS_H
#define GOMOKU_STORAGE_OS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

/* The calls through which every write of a file goes, as a table a test
 * can replace to make any of them fail as a full disk, a read-only folder
 * or a folder in the way would (errno on POSIX, GetLastError on Windows,
 * says why).  The system's are in use unless a test set others. */
typedef struct StorageOsCalls {
    /* Creates the file path, which must not exist, for writing; returns a
     * handle >= 0, or -1 (*exists true when path was already there). */
    intptr_t (*open_new)(const char *path, bool *exists);
    /* Writes up to n bytes; returns how many (> 0), or -1. */
    long (*write)(intptr_t h, const void *data, size_t n);
    /* Flushes what was written to the disk; 0 or -1. */
    int (*sync)(intptr_t h);
    /* Closes the handle; 0 or -1. */
    int (*close)(intptr_t h);
    /* Renames from to to, replacing to if it exists; 0 or -1. */
    int (*rename)(const char *from, const char *to);
    /* Makes the folder path; 0, or -1 (also when it exists). */
    int (*mkdir)(const char *path);
} StorageOsCalls;

/* Returns the calls in use. */
const StorageOsCalls *storage_os_calls(void);

/* Returns the system's calls (for a test's table to fall back on). */
const StorageOsCalls *storage_os_system_calls(void);

/* Makes calls (kept, not copied) the ones in use; NULL: the system's.  For
 * tests; a write under way keeps the table it started with. */
void storage_os_set_calls(const StorageOsCalls *calls);

/* Why the last call below failed, as text (a static buffer, valid until
 * the next failure). */
const char *storage_os_reason(void);

/* True when the last call failed because the disk or the user's quota is
 * full, and when because the place cannot be written (read-only, no
 * permission): storage.c words its message for the player. */
bool storage_os_no_space(void);
bool storage_os_no_access(void);

/* Returns true when path is a folder. */
bool storage_os_is_dir(const char *path);

/* True when the last call failed because the file or folder is missing. */
bool storage_os_not_found(void);

/* Makes the folder path; true also when it is already a folder. */
bool storage_os_mkdir(const char *path);

/* Returns true for an existing regular file and writes its size in bytes
 * and its modification time (seconds since 1970). */
bool storage_os_file_info(const char *path, int64_t *bytes, int64_t *mtime);

/* Removes the file path; true on success. */
bool storage_os_remove(const char *path);

/* Renames from to to, replacing to if it exists (atomically where the
 * system allows); true on success. */
bool storage_os_rename_replace(const char *from, const char *to);

/* Renames from to to only if to does not exist yet; true on success. */
bool storage_os_rename_new(const char *from, const char *to);

/* Creates the new file tmp (never over an existing one), writes len bytes
 * and flushes them to the disk.  Returns 0, or -1 with *exists true when
 * tmp was already there. */
int storage_os_write_new(const char *tmp, const void *data, size_t len, bool *exists);

/* After a rename into path's folder: makes the folder entry durable
 * (POSIX; Windows needs nothing). */
void storage_os_sync_dir(const char *path);

/* Opens path for reading in binary mode; NULL on failure (fclose it). */
FILE *storage_os_fopen_read(const char *path);

/* The process id, to make temporary names unique. */
unsigned long storage_os_pid(void);

/* True when a process of that id runs now (or cannot be told apart from
 * one that does). */
bool storage_os_process_alive(unsigned long pid);

/* Thread-safe localtime / gmtime. */
void storage_os_local_time(time_t t, struct tm *out);
void storage_os_utc_time(time_t t, struct tm *out);

/* Writes the user's Documents folder to out (Windows: the Documents known
 * folder; macOS: $HOME/Documents; elsewhere XDG_DOCUMENTS_DIR from
 * $XDG_CONFIG_HOME/user-dirs.dirs or ~/.config/user-dirs.dirs, else
 * $HOME/Documents).  Returns false when there is no home to find it in. */
bool storage_os_documents_dir(char *out, size_t outlen);

/* Calls fn(name, user) for every entry of the folder dir (names are
 * UTF-8, without the folder), until fn returns non-zero.  Returns 0 when
 * every entry was seen, 1 when fn stopped it, -1 when dir cannot be read
 * (storage_os_reason / storage_os_not_found tell why). */
int storage_os_each_entry(const char *dir, int (*fn)(const char *name, void *user), void *user);

#endif
