/*
 * bench_make.h - gomoku-bench --make: what one move costs the engine's
 * incremental position (src/ai/ai_pos.c), make and undo together.
 */
#ifndef GOMOKU_BENCH_MAKE_H
#define GOMOKU_BENCH_MAKE_H

/* Plays random games on a few boards and rules (the same seeds every
 * run), timing ai_pos_make + ai_pos_undo, and prints a line per board
 * with the nanoseconds per pair (the fastest of a few runs).  Returns 0, or -1 when memory runs
 * out. */
int bench_make_run(void);

#endif
