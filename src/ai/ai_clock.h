/*
 * ai_clock.h - monotonic milliseconds for search budgets (internal).
 */
#ifndef GOMOKU_AI_CLOCK_H
#define GOMOKU_AI_CLOCK_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* Returns a monotonic time in microseconds from an arbitrary origin. */
int64_t ai_clock_us(void);

/* Counts one node of a threat search against its budget.  Returns non-zero
 * once the node budget, the deadline (ai_clock_us, 0 = none) or a cancel
 * flag (either may be NULL) says stop; *aborted latches that answer.  The
 * flags and the clock are read only every 256 nodes: this is on the hot path. */
static inline int ai_budget_tick(int64_t *nodes, int64_t max_nodes, int64_t deadline_us,
                                 const atomic_int *cancel, const atomic_int *stop, int *aborted)
{
    if (*aborted) {
        return 1;
    }
    (*nodes)++;
    if (max_nodes > 0 && *nodes > max_nodes) {
        *aborted = 1;
    } else if ((*nodes & 255) == 0) {
        if ((cancel != NULL && atomic_load(cancel) != 0) ||
            (stop != NULL && atomic_load_explicit(stop, memory_order_relaxed) != 0) ||
            (deadline_us > 0 && ai_clock_us() >= deadline_us)) {
            *aborted = 1;
        }
    }
    return *aborted;
}

#endif
