/*
 * brain_watchdog.h - a timer thread that raises a cancel flag.
 *
 * The engine stops on its own time budget only between the steps it
 * checks; some of its phases (threat searches, renju legality) only look
 * at the cancel flag.  The watchdog sets that flag at a hard deadline so a
 * move is always given within the manager's timeout_turn.
 */
#ifndef GOMOKU_BRAIN_WATCHDOG_H
#define GOMOKU_BRAIN_WATCHDOG_H

#include <stdatomic.h>

typedef struct BrainWatchdog BrainWatchdog;

/* Starts a thread that turns *flag from 0 into 1 after ms milliseconds
 * unless stopped first (any other value is left as it is).  Returns the watchdog, or NULL when no
 * thread could be started (the caller then searches without one).  *flag must outlive the watchdog.
 */
BrainWatchdog *brain_watchdog_start(atomic_int *flag, int ms);

/* Stops the thread (promptly, whether or not it fired), waits for it and
 * frees w.  NULL is allowed. */
void brain_watchdog_stop(BrainWatchdog *w);

#endif
