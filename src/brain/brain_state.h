/*
 * brain_state.h - a Brain, what it keeps between the manager's lines: the
 * position from its own point of view, the manager's settings and a
 * lazily created engine.  Made, set and read here; fed by the protocol
 * (brain_proto.h, which includes this header: the brain's users include
 * that one) and searched for by brain_think.h.  Its fields are
 * brain_state_internal.h's, for those modules only.
 */
#ifndef GOMOKU_BRAIN_STATE_H
#define GOMOKU_BRAIN_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ai/ai.h"
#include "../core/rules.h"

/* Receives one reply line (NUL-terminated, no newline); the text is only
 * valid during the call.  May be called from inside the engine's search. */
typedef void (*BrainWriteFn)(const char *line, void *user);

/* What a point holds, from the brain's point of view. */
typedef enum BrainCell {
    BRAIN_CELL_OFF = -1, /* off the board, or no game started */
    BRAIN_CELL_EMPTY = 0,
    BRAIN_CELL_OWN = 1,      /* the brain's stone */
    BRAIN_CELL_OPPONENT = 2, /* the manager's stone */
    BRAIN_CELL_OTHER = 3     /* BOARD field 3 (continuous-game stone) */
} BrainCell;

typedef struct Brain Brain;

/* Bounds on every search of a brain, on top of what the manager's INFO
 * allows; a zero field bounds nothing.  For tools and tests that need
 * quick, repeatable moves: the fuzz target searches a few hundred nodes in
 * a small table, so that it runs thousands of sessions a second. */
typedef struct BrainCaps {
    int max_depth;      /* deepest iteration, in plies */
    int64_t max_nodes;  /* node budget per move */
    size_t table_bytes; /* largest hash table (at least BRAIN_MIN_TABLE_BYTES) */
} BrainCaps;

/* Returns a new brain that answers through write(line, user), or NULL when
 * memory runs out or write is NULL.  Cheap: the engine and its hash table
 * are only created when the first move is asked for.  Free with
 * brain_free. */
Brain *brain_new(BrainWriteFn write, void *user);

/* Releases b and its engine; NULL is allowed. */
void brain_free(Brain *b);

/* Sets b's caps (see BrainCaps) for every later search; a brain starts
 * with none. */
void brain_set_caps(Brain *b, BrainCaps caps);

/* Sets the seed that varies b's opening stones (SWAP2BOARD on an empty
 * board): each later opening of b differs from the one before, and a brain
 * with the same seed opens the same way (given the same search budget).
 * pbrain-gomoku seeds from the clock; a brain starts with a fixed seed. */
void brain_set_seed(Brain *b, uint32_t seed);

/* Makes b search with ai, which stays the caller's (to free after b),
 * instead of an engine of its own; NULL goes back to one of its own.  A
 * process that runs many brains builds the engine's tables once this way
 * (the fuzz target runs thousands of sessions a second).  b clears ai at
 * every START and RESTART as it would its own, so its moves do not depend
 * on earlier sessions, but never re-creates it: INFO max_memory and
 * timeout_turn then leave the table as the caller made it. */
void brain_set_engine(Brain *b, Ai *ai);

/* Returns the board size of the current game, or 0 before START. */
int brain_board_size(const Brain *b);

/* Returns what the point (x, y) holds. */
BrainCell brain_cell(const Brain *b, int x, int y);

/* Returns the rules the next search will use (after INFO rule and
 * INFO win_length have been reconciled). */
Rules brain_rules(const Brain *b);

/* Returns the search time in ms the next move would get, from the INFO
 * clock settings and the current position (see brain_policy.h). */
int brain_time_budget_ms(const Brain *b);

/* Returns the hash table size in bytes the engine gets under the current
 * INFO max_memory and timeout_turn, within the caps. */
size_t brain_table_bytes(const Brain *b);

/* Returns the search threads the next move would use: INFO thread_num,
 * 1 to AI_MAX_THREADS, 1 until a manager sets it (1 for a NULL b). */
int brain_search_threads(const Brain *b);

#endif
