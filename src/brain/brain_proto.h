/*
 * brain_proto.h - the Gomocup ("pbrain") protocol, without any I/O.
 *
 * A Brain is fed the manager's lines one at a time and answers through a
 * writer callback, one complete line per call (no line terminator).  It
 * keeps the position, the manager's settings and a lazily created engine,
 * so brain_main.c is only a read loop and the tests can script sessions.
 * A Brain is used by one thread at a time, with one exception:
 * brain_interrupt, which an input thread calls while the brain searches.
 * See docs/brain.md.
 */
#ifndef GOMOKU_BRAIN_PROTO_H
#define GOMOKU_BRAIN_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ai/ai.h"
#include "../core/rules.h"

/* Receives one reply line (NUL-terminated, no newline); the text is only
 * valid during the call.  May be called from inside the engine's search. */
typedef void (*BrainWriteFn)(const char *line, void *user);

typedef enum BrainStatus {
    BRAIN_CONTINUE = 0, /* keep reading */
    BRAIN_QUIT = 1      /* END was received: stop */
} BrainStatus;

/* What a point holds, from the brain's point of view. */
typedef enum BrainCell {
    BRAIN_CELL_OFF = -1, /* off the board, or no game started */
    BRAIN_CELL_EMPTY = 0,
    BRAIN_CELL_OWN = 1,      /* the brain's stone */
    BRAIN_CELL_OPPONENT = 2, /* the manager's stone */
    BRAIN_CELL_OTHER = 3     /* BOARD field 3 (continuous-game stone) */
} BrainCell;

/* What a line asks of a search in progress. */
typedef enum BrainUrgent {
    BRAIN_URGENT_NONE = 0, /* nothing: it waits its turn */
    BRAIN_URGENT_STOP,     /* STOP or YXSTOP: answer the best move found so far now */
    BRAIN_URGENT_END       /* END: abandon the search and quit */
} BrainUrgent;

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

/* Handles one line from the manager (without its line terminator; a
 * trailing CR or LF is tolerated).  Replies, if any, go to the writer
 * before this returns.  Bad input is answered with ERROR or UNKNOWN and
 * never stops the brain.  Returns BRAIN_QUIT after END, else
 * BRAIN_CONTINUE. */
BrainStatus brain_feed_line(Brain *b, const char *line);

/* Returns what line (as it would be fed to brain_feed_line) asks of a
 * search in progress; NULL stands for end of input, which asks nothing
 * (BRAIN_URGENT_NONE): the move being searched is still answered, then the
 * brain quits.
 * Reads nothing else: callable from any thread. */
BrainUrgent brain_urgent_kind(const char *line);

/* The one call that is safe from any thread, also while another thread is
 * inside brain_feed_line.  When a search is in progress, STOP makes it end
 * at once and the move found so far is answered as usual; END makes it end
 * without writing anything more, and the brain_feed_line running it returns
 * BRAIN_QUIT (as does every later call).  Returns true when a search was in
 * progress and took the request; false, changing nothing, when none was
 * (the caller then feeds the line in its turn: STOP is answered UNKNOWN,
 * END quits).  BRAIN_URGENT_NONE returns false. */
bool brain_interrupt(Brain *b, BrainUrgent what);

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
