/*
 * storage_file.h - one file on the disk, never half written: atomic
 * writes, bounded reads, removal, keeping a damaged file aside, and
 * removing what interrupted writes left.
 *
 * Every write goes to a uniquely named temporary file in the same folder,
 * is flushed to disk, and is then renamed over the target, so a crash
 * leaves either the old file or the new one, never a mix.  Every function
 * returns a StorageStatus and, on failure, writes one English sentence to
 * err (when err is not NULL and errlen > 0) naming the file and the
 * reason.  They keep no state: the writer thread (storage_writer.h) writes
 * files while the UI thread reads others; two threads must not write the
 * same file.  The system calls are storage_os.h's.
 */
#ifndef GOMOKU_STORAGE_FILE_H
#define GOMOKU_STORAGE_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "store/storage_layout.h" /* STORAGE_PATH_MAX */

/* What the temporary file of a write is called: the target's name, this
 * mark, then "<process id>-<counter>-<time in hex>". */
#define STORAGE_TEMP_MARK ".tmp-"

typedef enum StorageStatus {
    STORAGE_OK = 0,
    STORAGE_ERR_ARGS = -1,      /* bad argument (NULL, bad name, path too long) */
    STORAGE_ERR_IO = -2,        /* the system refused (permissions, disk full...) */
    STORAGE_ERR_NOT_FOUND = -3, /* no such file */
    STORAGE_ERR_TOO_BIG = -4,   /* larger than the allowed maximum */
    STORAGE_ERR_CORRUPT = -5,   /* the file exists but is not a valid record */
    STORAGE_ERR_NOMEM = -6,
    /* Failures of the system the player can act on, told apart from
     * STORAGE_ERR_IO so that the game can say them in the player's
     * language (err still says them in English, with the system's words). */
    STORAGE_ERR_NO_SPACE = -7,  /* the disk (or the quota) is full */
    STORAGE_ERR_NO_ACCESS = -8, /* the folder or file cannot be written: read-only, no permission */
    STORAGE_ERR_FOLDER = -9     /* a folder stands where the file should be */
} StorageStatus;

/* Writes len bytes to path atomically: a unique temporary file beside it,
 * flushed and synced, then renamed over path (MoveFileEx with
 * MOVEFILE_REPLACE_EXISTING on Windows).  On failure path is untouched and
 * the temporary file removed. */
StorageStatus storage_write_atomic(const char *path, const void *data, size_t len, char *err,
                                   size_t errlen);

/* Reads the whole of path into a new NUL-terminated buffer (*data, free
 * with free(); *len its length without the NUL).  Refuses files larger
 * than max bytes with STORAGE_ERR_TOO_BIG.  On failure *data is NULL. */
StorageStatus storage_read_file(const char *path, size_t max, char **data, size_t *len, char *err,
                                size_t errlen);

/* Returns true when path names an existing regular file. */
bool storage_file_exists(const char *path);

/* Removes path.  A missing file is not an error (STORAGE_OK). */
StorageStatus storage_remove(const char *path, char *err, size_t errlen);

/* Renames a damaged file to "PATH.corrupt-N" (the first free N from 1) so
 * it is kept but no longer loaded; only when the player chose so.  Writes
 * the new path to newpath if not NULL. */
StorageStatus storage_set_aside(const char *path, char *newpath, size_t newpathlen, char *err,
                                size_t errlen);

/* Like storage_set_aside, under the name "PATH.WHY-N" (why: "corrupt" for
 * a damaged file, "newer" for one from a newer version). */
StorageStatus storage_keep_aside(const char *path, const char *why, char *newpath,
                                 size_t newpathlen, char *err, size_t errlen);

/* Returns true when name ends with ext (ASCII letters compared without
 * case) after at least one other byte, and then writes the length before
 * ext to *stem (when stem is not NULL). */
bool storage_has_ext(const char *name, const char *ext, size_t *stem);

/* Removes from the folder dir the temporary files that writes cut short
 * (a crash, a kill, a power cut) left: only ours (settings.ini,
 * NAME.gomoku or NAME.psq, then STORAGE_TEMP_MARK and the rest of the name
 * we give them), and only those whose process is gone or that are over an
 * hour old, so a save another instance is making now is left alone.
 * Returns how many were removed; an unreadable folder has none. */
int storage_file_clean_dir(const char *dir);

#endif
