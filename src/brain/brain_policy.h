/*
 * brain_policy.h - how much time and memory the Gomocup brain gives the
 * engine, as pure functions of what the manager told it.
 *
 * Kept apart from the protocol so the arithmetic can be tested exactly,
 * without running a search or looking at a clock.
 */
#ifndef GOMOKU_BRAIN_POLICY_H
#define GOMOKU_BRAIN_POLICY_H

#include <stddef.h>
#include <stdint.h>

/* timeout_turn assumed when the manager never sent one (milliseconds). */
#define BRAIN_DEFAULT_TURN_MS 5000
/* Search time used when timeout_turn is 0 ("play as fast as you can"). */
#define BRAIN_FAST_MS 20
/* Least time held back from every deadline for I/O and the engine's
 * own reaction time (milliseconds). */
#define BRAIN_MIN_MARGIN_MS 30
/* Hash table size when max_memory is 0 (unlimited) or never sent. */
#define BRAIN_DEFAULT_TABLE_BYTES ((size_t)64 << 20)
/* Largest hash table the brain ever asks for. */
#define BRAIN_MAX_TABLE_BYTES ((size_t)256 << 20)
/* Smallest hash table the brain asks for (ai_new(0) would mean "default"). */
#define BRAIN_MIN_TABLE_BYTES ((size_t)64 << 10)
/* Smallest table the turn time alone can ask for. */
#define BRAIN_MIN_TIMED_TABLE_BYTES ((size_t)1 << 20)

/* The manager's clock settings; a negative field means "never sent". */
typedef struct BrainClock {
    int64_t timeout_turn_ms;  /* per move; 0 = play fast */
    int64_t timeout_match_ms; /* per game; 0 = unlimited */
    int64_t time_left_ms;     /* left in this game */
} BrainClock;

/* Returns the search time in milliseconds (always >= 1) for the next move,
 * given the clock, the stones on the board and the empty points left.
 * The result stays below timeout_turn by a safety margin and spends
 * time_left evenly over the moves the game is still expected to last. */
int brain_policy_time_ms(const BrainClock *clock, int stones, int empties);

/* Returns 1 when the manager set no game clock the brain must spread over
 * its moves (timeout_match 0, or neither it nor time_left ever sent): a
 * turn's unused time is then lost, so the search may spend all of it.
 * Returns 0 when a game clock is running. */
int brain_policy_spend_all(const BrainClock *clock);

/* Returns the hard deadline in milliseconds for a search given soft_ms
 * (from brain_policy_time_ms): when it passes, the search is cancelled.
 * It leaves the engine some slack past soft_ms but stays below
 * timeout_turn and time_left by half their safety margin.  Always
 * >= soft_ms and >= 1. */
int brain_policy_hard_ms(const BrainClock *clock, int soft_ms);

/* Bytes of hash table allowed per millisecond of timeout_turn.  The table
 * is emptied at the start of every game and its memory paged in as the
 * search first touches it, so a table far bigger than a few moves can use
 * would only eat their time. */
#define BRAIN_TABLE_BYTES_PER_MS ((size_t)16 << 10)

/* Returns the engine's hash table size in bytes for a max_memory of
 * max_memory_bytes (0 or negative = unlimited) and a timeout_turn of
 * timeout_turn_ms (negative = never sent): about half of the memory limit,
 * leaving the rest for the program itself, but no more than
 * BRAIN_TABLE_BYTES_PER_MS per turn millisecond, within
 * BRAIN_MIN_TABLE_BYTES..BRAIN_MAX_TABLE_BYTES. */
size_t brain_policy_table_bytes(int64_t max_memory_bytes, int64_t timeout_turn_ms);

#endif
