/*
 * brain_internal.h - the brain's state, shared by the protocol's state
 * machine (brain_proto.c) and the code that searches a move or an opening
 * answer for it (brain_think.c).  Nothing outside src/brain includes it.
 */
#ifndef GOMOKU_BRAIN_INTERNAL_H
#define GOMOKU_BRAIN_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ai/ai.h"
#include "../core/board.h"
#include "brain_policy.h"
#include "brain_proto.h"
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

/* Returns how many points of b's board hold what. */
int brain_count_cells(const Brain *b, BrainCell what);

/* Picks, plays and sends the brain's move in b's position (or an ERROR
 * when there is none); sets b->quit when END came during the search. */
void brain_think_move(Brain *b);

/* Answers SWAP2BOARD's DONE: the three opening stones, or the choice after
 * three or five; b's position becomes the stones and the answer's. */
void brain_think_swap2(Brain *b);

/* The hash table size b's engine gets: the policy's, within the caps. */
size_t brain_think_table_bytes(const Brain *b);

#endif
