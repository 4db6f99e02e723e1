/*
 * ai_movegen.h - candidate moves and their ordering scores (internal).
 */
#ifndef GOMOKU_AI_MOVEGEN_H
#define GOMOKU_AI_MOVEGEN_H

#include <stdint.h>

#include "../core/rules.h"
#include "ai_pos.h"

/* Threat flags of one colour placing on one point (ai_gen_threat). */
enum {
    AI_T_WIN = 1 << 0,    /* completes a win */
    AI_T_OPEN4 = 1 << 1,  /* wins next move whatever the answer (open four, double four) */
    AI_T_FOUR = 1 << 2,   /* makes at least one four (a forcing move) */
    AI_T_OPEN3 = 1 << 3,  /* makes at least one open three */
    AI_T_43 = 1 << 4,     /* four plus open three */
    AI_T_33 = 1 << 5,     /* two open threes */
    AI_T_SUSPECT = 1 << 6 /* might be forbidden for renju black */
};

typedef struct AiCand {
    int16_t cell;
    int32_t score;
} AiCand;

/* Returns the AI_T_* flags of colour index ci placing on empty cell and
 * adds the summed pattern weights to *weight. */
int ai_gen_threat(const AiPos *p, int ci, int cell, int32_t *weight);

/* Returns true when the side to move must not play cell: renju black on a
 * forbidden point.  flags are that side's ai_gen_threat flags there. */
int ai_gen_forbidden(const AiPos *p, int cell, int flags);

/* The same for colour index ci, whoever is to move: renju black on a
 * forbidden point; flags are black's ai_gen_threat flags there. */
int ai_gen_forbidden_for(const AiPos *p, int ci, int cell, int flags);

/* Returns true when colour index ci may not play the empty cell: renju
 * black on a forbidden point (its threat flags worked out here). */
int ai_gen_barred(const AiPos *p, int ci, int cell);

/* Returns true when colour index ci (whoever is to move) has a point it
 * may play that makes an open four: an open three, except a renju black
 * one whose every extension is forbidden. */
int ai_gen_has_open4(const AiPos *p, int ci);

/* Generation result kinds. */
enum {
    AI_GEN_NORMAL = 0, /* ordinary candidates */
    AI_GEN_BLOCK = 1,  /* the opponent threatens to win: only blocks listed */
    AI_GEN_DEFEND = 2  /* the opponent has an open three: defences and own fours */
};

/* Writes the candidate moves of the side to move, unsorted, with ordering
 * scores, to out (room for BOARD_MAX_CELLS) and returns how many.  *kind
 * gets AI_GEN_*.  blind_ci is a colour index whose open threes are not seen
 * (-1 for none).  combo_answer 1: when the opponent has a four-three point
 * (2: or a three-three point), only threats and moves on the lines of the
 * opponent's threats are listed (AI_TUNE_COMBO_ANSWER); 0: no such cut.
 * Renju black's forbidden points are left out. */
int ai_gen_moves(const AiPos *p, int blind_ci, int combo_answer, AiCand *out, int *kind);

/* Sorts the n cells by prio, highest first (an insertion sort: the threat
 * searches' lists are short); prio is sorted along. */
void ai_gen_sort(int16_t *cells, int32_t *prio, int n);

/* Ordering bonuses of ai_gen_attacks, added when a point makes ... */
enum {
    AI_GEN_BONUS_OPEN4 = 0, /* an open four */
    AI_GEN_BONUS_43,        /* a four-three */
    AI_GEN_BONUS_33,        /* a double three */
    AI_GEN_BONUS_FOUR,      /* a four */
    AI_GEN_BONUS_N
};

/* Writes to out (room for BOARD_MAX_CELLS) the side to move's attacking
 * points: those that make a four and, with threes, an open three (renju
 * black's forbidden ones left out), sorted by pattern weight plus the
 * bonuses that apply.  Returns how many. */
int ai_gen_attacks(const AiPos *p, int threes, const int32_t bonus[AI_GEN_BONUS_N], int16_t *out);

/* Writes the empty points where colour index ci wins at once to out (room
 * for BOARD_MAX_CELLS) and returns how many. */
int ai_gen_wins(const AiPos *p, int ci, int16_t *out);

#endif
