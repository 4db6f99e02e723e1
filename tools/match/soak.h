/*
 * soak.h - gomoku-match --soak: many games of random settings, every move
 * checked, memory watched.
 *
 * Each game draws a board size (9..19), a win length (1..6) and a rule the
 * win length allows (freestyle, exact k, renju for five), and pits the
 * engine against itself or against a Gomocup brain over pipes (one brain
 * process for the whole soak, restarted with START for each game, so its
 * memory shows across games).  After every move the referee (the core's
 * Game) must accept it; the engine's incremental position, kept in step
 * move by move, must equal one built afresh from the referee's board (hash,
 * pattern keys, totals); taking the move back and playing it again, in the
 * referee and in the incremental position, must give back identical
 * positions and hashes.  The resident memory of this process and of the
 * brain is read as the soak goes: after a warm-up it must stay flat.
 */
#ifndef GOMOKU_SOAK_H
#define GOMOKU_SOAK_H

#include <stdint.h>

typedef struct SoakSetup {
    int games;
    uint32_t seed;
    const char *brain; /* path of a Gomocup brain, or NULL: engine games only */
    int brain_ms;      /* the brain's timeout_turn */
    int report_every;  /* games between progress lines (0: none) */
} SoakSetup;

/* Plays the soak and prints a line every report_every games and a summary.
 * Returns 0 when every check held, 1 when one failed (what, which game,
 * which move: on stderr), 2 when it could not start (no brain, no memory). */
int soak_run(const SoakSetup *s);

#endif
