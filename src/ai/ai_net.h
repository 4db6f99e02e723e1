/*
 * ai_net.h - an evaluation network over the position's pattern counts
 * (AI_TUNE_NET, the default evaluation of freestyle five up to 15x15;
 * issue 28, item 3).
 *
 * Its inputs are the counts tools/evalfit/mlp.py was fitted on (those
 * gomoku-evalfit writes for a position, five in a row only): per side, the
 * (empty point, line) pairs of each pattern code, the six double-threat
 * flags of the evaluation, the empty points of each shape and the pairs
 * of each fine line pattern.  One hidden layer of rectified units and a
 * linear part; the weights are in ai_net_weights.c.
 */
#ifndef GOMOKU_AI_NET_H
#define GOMOKU_AI_NET_H

#include <stdint.h>

#include "ai_pos.h"

#define AI_NET_CODES  8 /* pattern codes 1..8 of five in a row */
#define AI_NET_FLAGS  6 /* the double-threat flags, after the codes */
#define AI_NET_IN     (2 * AI_NET_CODES + AI_NET_FLAGS + 2 * (AI_SHAPE_N - 1) + 2 * AI_L_N)
#define AI_NET_HIDDEN 32

/* Fixed point: the first layer's weights and biases, the hidden units and
 * the linear part have AI_NET_SHIFT fraction bits; the output weights, in
 * the engine's evaluation units, AI_NET_OUT_SHIFT.  Integers, so that
 * every machine evaluates (and searches) the same. */
#define AI_NET_SHIFT     16
#define AI_NET_OUT_SHIFT 8

extern const int32_t AI_NET_W1[AI_NET_IN][AI_NET_HIDDEN];
extern const int32_t AI_NET_B1[AI_NET_HIDDEN];
extern const int32_t AI_NET_V[AI_NET_HIDDEN];
extern const int32_t AI_NET_U[AI_NET_IN];
extern const int32_t AI_NET_C;

/* Whether the network applies to p's table: five in a row (its codes). */
int ai_net_fits(const AiPatTable *pt);

/* Writes p's AI_NET_FLAGS double-threat flags, for the side to move, to
 * flag: own four-three, own double three with the opponent holding no
 * four and with one, the opponent's double four, four-three and double
 * three (the threats the evaluation weighs, any win length). */
void ai_net_flags(const AiPos *p, int32_t *flag);

/* Writes p's AI_NET_IN inputs, for the side to move, to x, in
 * gomoku-evalfit's order: the counts p keeps (AiPosCounts). */
void ai_net_features(const AiPos *p, int32_t *x);

/* The network's evaluation of p for the side to move, in the engine's
 * units.  p's table must fit (ai_net_fits). */
int ai_net_eval(const AiPos *p);

#endif
