/*
 * storage_writer.h - files written off the UI thread.
 *
 * Saving flushes the file to the disk (fsync), which can take tens of
 * milliseconds, more on a busy or slow disk: on the UI thread that is a
 * frame missed after every move.  The app formats what it saves (cheap)
 * and hands the bytes to a StorageWriter, whose thread writes them with
 * storage_write_atomic (or removes a file) in the order given; each job's
 * outcome comes back as a StorageResult for the UI thread to poll, with
 * an SDL event (storage_writer_event_type) to wake an idle loop.
 *
 * A job may replace one for the same file that has not started yet (the
 * autosave after every move, the settings: only the newest contents
 * matter); the replaced job then reports nothing.  A writer made without
 * a thread (headless tests, which want every file on the disk when a step
 * returns) does each job at once, reporting the same way.
 *
 * One UI thread calls these; the writer's thread only runs jobs.
 */
#ifndef GOMOKU_STORAGE_WRITER_H
#define GOMOKU_STORAGE_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/storage.h"

typedef struct StorageWriter StorageWriter;

typedef enum StorageJobKind {
    STORAGE_JOB_WRITE = 0, /* write data to path atomically */
    STORAGE_JOB_REMOVE     /* remove path (missing is not an error) */
} StorageJobKind;

/* What became of a job. */
typedef struct StorageResult {
    int tag; /* the caller's, as given with the job */
    StorageJobKind kind;
    char path[STORAGE_PATH_MAX];
    StorageStatus status;
    char err[STORAGE_PATH_MAX + 256]; /* why, when status is not STORAGE_OK */
    char *data;                       /* a write's bytes, handed back: free() them */
    size_t len;
} StorageResult;

/* Makes a writer: with a thread of its own (threaded), or one that does
 * each job when it is given.  Returns NULL with the reason in err. */
StorageWriter *storage_writer_new(bool threaded, char *err, size_t errlen);

/* Queues writing the len bytes of data (taken over: freed by the writer or
 * handed back in the result) to path, atomically.  replace: a job for path
 * that has not started yet is dropped for this one.  Returns STORAGE_OK,
 * or an error (data freed) when the path is too long or memory runs out. */
StorageStatus storage_writer_write(StorageWriter *w, const char *path, char *data, size_t len,
                                   int tag, bool replace);

/* Queues removing path (a job for path not started yet is dropped). */
StorageStatus storage_writer_remove(StorageWriter *w, const char *path, int tag);

/* Takes the oldest result not yet taken; false when there is none. */
bool storage_writer_poll(StorageWriter *w, StorageResult *out);

/* Returns true while a job is queued or running. */
bool storage_writer_busy(StorageWriter *w);

/* Waits until every job queued so far is done (results stay to poll). */
void storage_writer_wait(StorageWriter *w);

/* Finishes every queued job, then stops the thread and frees the writer
 * and the results not taken; NULL allowed. */
void storage_writer_free(StorageWriter *w);

/* The SDL event type pushed when a result is ready (registered once, at
 * the first storage_writer_new); 0 before that. */
uint32_t storage_writer_event_type(void);

#endif
