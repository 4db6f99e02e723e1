/*
 * ai_pcode.h - the fitted point-code weights of freestyle five, as
 * tools/evalfit/fit.py --pcodes --emit writes them (ai_pcode.c);
 * ai_pat_set_pcodes (ai_pattern.c) turns them into AiPatTable.pc_eval.
 */
#ifndef GOMOKU_AI_PCODE_H
#define GOMOKU_AI_PCODE_H

#include <stdint.h>

/* One fitted point code: its four line patterns (AiLine) sorted from the
 * strongest, as one base-AI_L_N number (the first the most significant
 * digit), and its weights for the side to move's points and for the
 * opponent's (what they are worth to the side to move). */
typedef struct AiPcodeWeight {
    uint16_t code;
    int16_t own, opp;
} AiPcodeWeight;

/* Sorted by code. */
extern const AiPcodeWeight AI_PCODE_K5[];
extern const int AI_PCODE_K5_N;

#endif
