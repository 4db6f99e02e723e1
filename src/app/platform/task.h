/*
 * task.h - one function run on its own SDL thread, polled for its end.
 *
 * For work a scene wants off the UI thread that is not the session's
 * (the puzzle trainer's refutation search): the scene starts it with its
 * own copy of the input, looks at task_done each frame and reads the
 * output once it is.  task_free asks the function to stop (its cancel
 * flag) and waits for it, so the input and output may be freed after.
 */
#ifndef GOMOKU_TASK_H
#define GOMOKU_TASK_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct Task Task;

/* The work: arg is the caller's (alive until task_free returns); cancel
 * turns non-zero when the caller no longer wants the answer. */
typedef void (*TaskFn)(void *arg, const atomic_int *cancel);

/* Starts fn(arg) on a new thread at a low priority.  Returns the task, or
 * NULL with a sentence in err (nothing runs). */
Task *task_start(TaskFn fn, void *arg, char *err, size_t errlen);

/* Returns true once fn has returned (its writes to arg are visible). */
bool task_done(Task *t);

/* Asks fn to stop, waits for it and releases t; NULL allowed. */
void task_free(Task *t);

#endif
