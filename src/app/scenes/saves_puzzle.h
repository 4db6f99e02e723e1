/*
 * saves_puzzle.h - Save as puzzle, from review: the player's own puzzles
 * file (puzzles-mine.txt in the data folder), which the trainer reads.
 * UI thread only.
 */
#ifndef GOMOKU_SAVES_PUZZLE_H
#define GOMOKU_SAVES_PUZZLE_H

#include "ctx.h"

/* Review move i (a missed win or an only move the coach marked) becomes a
 * puzzle of the player's own: appended to puzzles-mine.txt in the data
 * folder (written whole, then renamed), shown in the trainer's "From my
 * games".  The player is told what happened in the status line. */
void saves_save_puzzle(Ctx *ctx, int i);

#endif
