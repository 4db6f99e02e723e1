/*
 * brain_input.h - the manager's input, read on a thread of its own.
 *
 * While the brain searches, its main thread is inside the engine and reads
 * nothing, yet END and STOP must be obeyed at once.  A BrainInput reads the
 * input on its own thread, splits it into lines (CR, LF and CRLF all end a
 * line, as managers differ) and shows every line to a filter as it
 * arrives: the filter may act on it at once (the brain's interrupt) and
 * keep it out of the queue.  All other lines wait in the queue, in the
 * order they came, until the main thread takes them with brain_input_next.
 *
 * A whole chunk of input (what one read returned) is filtered and queued
 * while the main thread is kept from taking lines, so a line is judged
 * against what the main thread was doing when the chunk arrived, never
 * against work started by lines of the same chunk.  A last line that end
 * of input cuts off (no terminator) is judged as of when its last byte
 * came: the filter sees it only when the main thread has taken nothing
 * since; otherwise it is queued behind that work.
 *
 * Whatever the input holds, the queue stays in step: a line holding a NUL
 * byte or longer than BRAIN_INPUT_LINE_MAX becomes an item of its own kind
 * (never shown to the filter), and the queue grows while the main thread is
 * busy, so the reader keeps reading and END or STOP behind megabytes of
 * queued input still reach the filter at once.  Only past
 * BRAIN_INPUT_QUEUE_MAX does the reader wait for room (nothing is ever
 * dropped).
 */
#ifndef GOMOKU_BRAIN_INPUT_H
#define GOMOKU_BRAIN_INPUT_H

#include <stddef.h>

/* Longest line, without its terminator; longer ones arrive as
 * BRAIN_INPUT_TOO_LONG. */
#define BRAIN_INPUT_LINE_MAX 1023

/* The queue starts with room for this many bytes of lines... */
#define BRAIN_INPUT_QUEUE_START ((size_t)64 << 10)
/* ...and grows while the main thread is busy, up to this many; then the
 * reader waits for room, which passes the back-pressure on to the pipe. */
#define BRAIN_INPUT_QUEUE_MAX ((size_t)16 << 20)

/* Reads at most cap bytes into buf, waiting for at least one.  Returns the
 * number read, 0 at end of input or -1 on an error (taken as end of
 * input).  Called on the input thread only. */
typedef int (*BrainInputReadFn)(void *ctx, char *buf, int cap);

/* Filter results, to be or-ed. */
enum {
    BRAIN_INPUT_TAKEN = 1u, /* the line was acted on: do not queue it */
    BRAIN_INPUT_LAST = 2u   /* read nothing after this line */
};

/* Looks at each complete, non-empty line (NUL-terminated, without its
 * terminator; valid only during the call) on the input thread as it
 * arrives, or at NULL for end of input, and returns a mix of the flags
 * above (0: queue it and read on).  End of input is queued whatever the
 * filter says.  Runs while the queue is locked: it must be quick and must
 * not call brain_input functions. */
typedef unsigned (*BrainInputFilterFn)(const char *line, void *user);

typedef enum BrainInputKind {
    BRAIN_INPUT_LINE = 0, /* a line, copied to the caller's buffer */
    BRAIN_INPUT_TOO_LONG, /* a line longer than BRAIN_INPUT_LINE_MAX was skipped */
    BRAIN_INPUT_NUL,      /* a line holding a NUL byte was skipped */
    BRAIN_INPUT_EOF       /* end of input (or a read error): nothing follows */
} BrainInputKind;

typedef struct BrainInput BrainInput;

/* Starts reading with read(read_ctx, ...) on a new thread, passing every
 * line through filter(line, filter_user) (filter may be NULL: queue all).
 * Returns the reader, or NULL when memory runs out or read is NULL.  When
 * no thread can be started the reader still works: brain_input_next then
 * reads on the caller's thread (and nothing is ever acted on early). */
BrainInput *brain_input_start(BrainInputReadFn read, void *read_ctx, BrainInputFilterFn filter,
                              void *filter_user);

/* As brain_input_start, but with no thread: brain_input_next reads on the
 * caller's thread whenever the queue is empty.  The filter still sees every
 * line, but while the caller is busy nothing is read, so nothing is acted
 * on early and everything happens in one fixed order (the tests and the
 * fuzz target replay input this way). */
BrainInput *brain_input_start_inline(BrainInputReadFn read, void *read_ctx,
                                     BrainInputFilterFn filter, void *filter_user);

/* Waits for the next queued item and returns its kind; a line is copied to
 * buf (cap bytes, at least BRAIN_INPUT_LINE_MAX + 1 to hold any line;
 * shorter buffers get it truncated), other kinds leave buf empty.  After BRAIN_INPUT_EOF every call
 * returns BRAIN_INPUT_EOF at once.  For one consumer thread. */
BrainInputKind brain_input_next(BrainInput *in, char *buf, size_t cap);

/* Stops the reader and frees in (NULL is allowed); lines still queued are
 * dropped.  When the reader has finished (end of input, or a line the
 * filter marked LAST) this waits for its thread; otherwise the thread is
 * left blocked in its read and frees the reader itself if that read ever
 * returns, so stop never hangs. */
void brain_input_stop(BrainInput *in);

/* A BrainInputReadFn for the process's standard input, read without stdio
 * (ctx unused): an exit while it blocks cannot meet a held stdio lock. */
int brain_input_read_stdin(void *ctx, char *buf, int cap);

#endif
