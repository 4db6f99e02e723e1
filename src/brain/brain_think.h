/*
 * brain_think.h - what the brain searches for the protocol (brain_proto.c):
 * its move in the position, under the clock, the caps and the watchdog,
 * with the engine's progress sent as MESSAGE lines, and its answers in a
 * swap2 opening.  Above brain_state, below brain_proto.
 */
#ifndef GOMOKU_BRAIN_THINK_H
#define GOMOKU_BRAIN_THINK_H

#include "brain_state.h"

/* Picks, plays and sends the brain's move in b's position (or an ERROR
 * when there is none); sets b->quit when END came during the search. */
void brain_think_move(Brain *b);

/* Answers SWAP2BOARD's DONE: the three opening stones, or the choice after
 * three or five; b's position becomes the stones and the answer's. */
void brain_think_swap2(Brain *b);

#endif
