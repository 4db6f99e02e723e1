/*
 * brain_state_internal.h - brain_state.c's private header: the fields of a
 * Brain and the helpers on them that the protocol's state machine
 * (brain_proto.c) and the searches it asks for (brain_think.c) share.
 * All of it is defined here or in brain_state.c, which includes neither of
 * them, so both depend on brain_state and never the other way.  Nothing
 * outside src/brain includes it.
 */
#ifndef GOMOKU_BRAIN_STATE_INTERNAL_H
#define GOMOKU_BRAIN_STATE_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ai/ai.h"
#include "../core/board.h"
#include "brain_policy.h"
#include "brain_state.h"
#include "brain_swap2.h"

/* Longest reply line (a MESSAGE with a full principal variation fits). */
#define REPLY_MAX_LEN 1024

/* Values of Brain.search.  It is also the engine's cancel flag, so that
 * "is a search running?" and "stop it" are one atomic step for an input
 * thread (brain_interrupt): a flag of its own could be raised after the
 * search it was meant for had ended, and stop the next one.  Non-zero stops
 * the engine; SEARCH_IDLE is never seen by a running search. */
#define SEARCH_IDLE    (-1) /* no search: interrupts are refused */
#define SEARCH_RUNNING 0    /* searching, not asked to stop */
#define SEARCH_STOP    1    /* STOP, or the watchdog: answer the move now */
#define SEARCH_QUIT    2    /* END: stop and write nothing more */

typedef enum Mode {
    MODE_COMMAND = 0, /* reading commands */
    MODE_BOARD,       /* between BOARD and DONE: reading x,y,f */
    MODE_SWAP2        /* between SWAP2BOARD and DONE: reading x,y */
} Mode;

struct Brain {
    BrainWriteFn write;
    void *user;

    int size;                      /* 0 before START */
    uint8_t cell[BOARD_MAX_CELLS]; /* BrainCell values, stride BOARD_MAX_SIZE */

    Mode mode;
    bool board_without_game;          /* BOARD came before START */
    uint8_t pending[BOARD_MAX_CELLS]; /* the position being read by BOARD */
    BrainSwap2 swap2;                 /* the stones being read by SWAP2BOARD */
    uint32_t seed;                    /* varies the opening stones (brain_set_seed) */
    uint32_t openings;                /* opening stones placed so far */

    BrainClock clock;
    int64_t max_memory; /* bytes; 0 = unlimited */
    int rule_mask;      /* INFO rule, Gomocup bitmask */
    int win_length;     /* INFO win_length (ours) */
    int threads;        /* INFO thread_num: search threads, 1 by default */

    atomic_int search; /* SEARCH_*; written by other threads too */
    bool quit;         /* END arrived during a search */

    BrainCaps caps; /* brain_set_caps: bounds on every search */

    Ai *ai;             /* created at the first search, or the caller's */
    bool ai_shared;     /* ai is the caller's (brain_set_engine) */
    size_t ai_bytes;    /* table size ai was created with */
    int reported_depth; /* last depth sent as MESSAGE */
};

#if defined(__GNUC__) || defined(__clang__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* Sends one reply line (printf-style, cut at REPLY_MAX_LEN) to b's writer. */
void brain_reply(Brain *b, const char *fmt, ...) PRINTF_LIKE(2, 3);

/* The index of point (x, y) in Brain.cell and Brain.pending. */
static inline int brain_idx(int x, int y)
{
    return y * BOARD_MAX_SIZE + x;
}

/* True when (x, y) is on b's board (false before START). */
static inline bool brain_on_board(const Brain *b, int64_t x, int64_t y)
{
    return x >= 0 && y >= 0 && x < b->size && y < b->size;
}

/* Returns how many points of b's board hold what. */
int brain_count_cells(const Brain *b, BrainCell what);

/* Gomocup INFO rule bits (Brain.rule_mask). */
#define RULE_BIT_EXACT      1
#define RULE_BIT_CONTINUOUS 2
#define RULE_BIT_RENJU      4
#define RULE_BIT_CARO       8

#endif
