/*
 * brain_policy.c - time and memory budgets for the Gomocup brain.
 */
#include "brain_policy.h"

/* A game rarely lasts more than this many moves per side; the budget
 * assumes at least this many are still to come... */
#define EXPECTED_MOVES 40
/* ...and never fewer than this, so an early long think cannot starve
 * the endgame. */
#define MIN_MOVES_LEFT 12

/* Percent of a turn (or of the time left) kept back.  The engine answers
 * within a fraction of a millisecond of its deadline; 12% was measured to
 * be more than needed (issue 12), 8% still leaves 80 ms of a 1 s turn. */
#define MARGIN_PCT 8

static int64_t margin_for(int64_t ms)
{
    /* MARGIN_PCT covers scheduling noise on a loaded machine and the
     * engine's slower reaction in some phases (renju legality); the floor
     * covers pipe latency and the engine noticing its deadline.  Divided
     * first: a manager may send any value up to the int64 limit, and
     * ms * MARGIN_PCT would overflow long before that. */
    int64_t m = ms / 100 * MARGIN_PCT + ms % 100 * MARGIN_PCT / 100;
    return m < BRAIN_MIN_MARGIN_MS ? BRAIN_MIN_MARGIN_MS : m;
}

/* Whether time_left is a game clock to spread over the moves: it means
 * nothing when the match is explicitly unlimited. */
static int has_game_clock(const BrainClock *clock)
{
    return clock != NULL && clock->time_left_ms >= 0 && clock->timeout_match_ms != 0;
}

int brain_policy_spend_all(const BrainClock *clock)
{
    return !has_game_clock(clock);
}

int brain_policy_time_ms(const BrainClock *clock, int stones, int empties)
{
    int64_t turn = BRAIN_DEFAULT_TURN_MS;
    int64_t budget;

    if (clock != NULL && clock->timeout_turn_ms >= 0) {
        turn = clock->timeout_turn_ms;
    }
    if (turn == 0) {
        budget = BRAIN_FAST_MS;
    } else {
        budget = turn - margin_for(turn);
        /* Very short turns: the fixed margin would eat everything, so keep
         * half the turn rather than nothing. */
        if (budget < turn / 2) {
            budget = turn / 2;
        }
    }

    if (has_game_clock(clock)) {
        int64_t left = clock->time_left_ms - margin_for(clock->time_left_ms);
        int64_t moves_left = EXPECTED_MOVES - (stones < 0 ? 0 : stones) / 2;
        int64_t most_moves = (empties < 0 ? 0 : empties) / 2 + 1;
        int64_t share;

        if (moves_left < MIN_MOVES_LEFT) {
            moves_left = MIN_MOVES_LEFT;
        }
        /* Near the end of a small board fewer moves can remain than the
         * estimate: then each may take a larger share. */
        if (moves_left > most_moves) {
            moves_left = most_moves;
        }
        share = left > 0 ? left / moves_left : 0;
        if (share < budget) {
            budget = share;
        }
    }

    if (budget < 1) {
        budget = 1;
    }
    if (budget > 0x7fffffff) {
        budget = 0x7fffffff;
    }
    return (int)budget;
}

int brain_policy_hard_ms(const BrainClock *clock, int soft_ms)
{
    int64_t soft = soft_ms < 1 ? 1 : soft_ms;
    int64_t hard = soft + soft / 2 + 5;
    int64_t turn = BRAIN_DEFAULT_TURN_MS;

    if (clock != NULL && clock->timeout_turn_ms >= 0) {
        turn = clock->timeout_turn_ms;
    }
    if (turn > 0 && hard > turn - margin_for(turn) / 2) {
        hard = turn - margin_for(turn) / 2;
    }
    if (has_game_clock(clock)) {
        int64_t left = clock->time_left_ms - margin_for(clock->time_left_ms) / 2;
        if (hard > left) {
            hard = left;
        }
    }
    if (hard < soft) {
        hard = soft;
    }
    if (hard > 0x7fffffff) {
        hard = 0x7fffffff;
    }
    return (int)hard;
}

size_t brain_policy_table_bytes(int64_t max_memory_bytes, int64_t timeout_turn_ms)
{
    const int64_t mb = (int64_t)1 << 20;
    int64_t turn = timeout_turn_ms < 0 ? BRAIN_DEFAULT_TURN_MS : timeout_turn_ms;
    int64_t t = (int64_t)BRAIN_DEFAULT_TABLE_BYTES;
    int64_t timed;

    if (max_memory_bytes > 0) {
        /* Half the limit minus a few MB for code, stacks and buffers; for
         * tiny limits an eighth, so a little table still fits. */
        t = max_memory_bytes / 2 - 4 * mb;
        if (t < max_memory_bytes / 8) {
            t = max_memory_bytes / 8;
        }
    }
    /* Cap the multiplication before it could overflow (about 2^30 ms). */
    timed = turn > ((int64_t)1 << 30) ? (int64_t)BRAIN_MAX_TABLE_BYTES
                                      : turn * (int64_t)BRAIN_TABLE_BYTES_PER_MS;
    if (timed < (int64_t)BRAIN_MIN_TIMED_TABLE_BYTES) {
        timed = (int64_t)BRAIN_MIN_TIMED_TABLE_BYTES;
    }
    if (t > timed) {
        t = timed;
    }
    if (t > (int64_t)BRAIN_MAX_TABLE_BYTES) {
        t = (int64_t)BRAIN_MAX_TABLE_BYTES;
    }
    if (t < (int64_t)BRAIN_MIN_TABLE_BYTES) {
        t = (int64_t)BRAIN_MIN_TABLE_BYTES;
    }
    return (size_t)t;
}
