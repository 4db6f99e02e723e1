/*
 * brain_swap2.h - SWAP2BOARD, the Gomocup opening command, as text: the
 * stones a manager lists, the brain's answer line, and whose stones are
 * whose once it has answered.  No I/O and no search here (brain_proto.c
 * runs ai_opening_answer between these steps), so the text is tested
 * exactly.  See docs/brain.md.
 */
#ifndef GOMOKU_BRAIN_SWAP2_H
#define GOMOKU_BRAIN_SWAP2_H

#include <stddef.h>

#include "../ai/ai_opening.h"
#include "../core/board.h"
#include "../core/rules.h"
#include "../core/scan.h"

/* Most stones a SWAP2BOARD lists (black, white, black, white, black). */
#define BRAIN_SWAP2_MAX 5

/* The stones of one SWAP2BOARD, in the order listed: the order decides the
 * colours (black first, then alternating). */
typedef struct BrainSwap2 {
    int count;
    Move stone[BRAIN_SWAP2_MAX];
} BrainSwap2;

/* Adds the stone of one line inside SWAP2BOARD to s on a size x size
 * board: "x,y" as the Gomocup protocol sends it, or "x,y,f" as some
 * managers and engines write it (f 1 or 2, ignored: the order decides).
 * Returns 0, or -1 with a sentence in err (not a stone, off the board, a
 * point given twice, a sixth stone) leaving s as it was. */
int brain_swap2_add(BrainSwap2 *s, ScanSpan line, int size, char *err, size_t errlen);

/* Checks s at DONE for rules r: 0, 3 or 5 stones and five in a row.
 * Returns 0, or -1 with a sentence in err. */
int brain_swap2_check(const BrainSwap2 *s, Rules r, char *err, size_t errlen);

/* Puts s's stones on a new size x size board, black first. */
void brain_swap2_board(const BrainSwap2 *s, int size, Board *board);

/* The answer without the engine (no memory for it): three stones around
 * the centre of an empty board, else take black. */
AiOpening brain_swap2_fallback(const BrainSwap2 *s, int size);

/* Writes the reply for o to buf (cap bytes): "x,y x,y x,y" or "x,y x,y"
 * for stones placed, "SWAP" for taking black, "x,y" for taking white with
 * that move.  Returns buf. */
const char *brain_swap2_reply(const AiOpening *o, char *buf, size_t cap);

/* Returns 1 when o is an answer s allows (three stones on none; take
 * black, one stone or two on three; take black or one stone on five)
 * whose stones are each on an empty point and legal under r for their
 * colour in turn, else 0. */
int brain_swap2_valid(const BrainSwap2 *s, const AiOpening *o, Rules r, int size);

/* Plays o's stones after s's on board (from brain_swap2_board) and returns
 * the colour that is the brain's from then on: white when it took white,
 * else black (after placing stones its colour is the other side's choice;
 * black is the guess under which a TURN with white's move goes on right,
 * and any other continuation comes as BOARD). */
Stone brain_swap2_apply(const BrainSwap2 *s, const AiOpening *o, Board *board);

#endif
