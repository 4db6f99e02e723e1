/*
 * task.c - one function on its own SDL thread (task.h).
 */
#include "platform/task.h"

#include <stdio.h>
#include <stdlib.h>

#include <SDL.h>

struct Task {
    SDL_Thread *thread;
    TaskFn fn;
    void *arg;
    atomic_int cancel;
    atomic_int done;
};

static int task_main(void *data)
{
    Task *t = data;
    SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW);
    t->fn(t->arg, &t->cancel);
    atomic_store_explicit(&t->done, 1, memory_order_release);
    return 0;
}

Task *task_start(TaskFn fn, void *arg, char *err, size_t errlen)
{
    Task *t = calloc(1, sizeof *t);
    if (t == NULL) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    t->fn = fn;
    t->arg = arg;
    atomic_init(&t->cancel, 0);
    atomic_init(&t->done, 0);
    t->thread = SDL_CreateThread(task_main, "gomoku-task", t);
    if (t->thread == NULL) {
        snprintf(err, errlen, "could not start a thread: %s", SDL_GetError());
        free(t);
        return NULL;
    }
    return t;
}

bool task_done(Task *t)
{
    return t != NULL && atomic_load_explicit(&t->done, memory_order_acquire) != 0;
}

void task_free(Task *t)
{
    if (t == NULL) {
        return;
    }
    atomic_store(&t->cancel, 1);
    SDL_WaitThread(t->thread, NULL);
    free(t);
}
