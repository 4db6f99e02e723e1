/*
 * pz_grade.h - how hard a puzzle is: its length, how many first moves
 * look plausible, which of the engine's levels solve it at their node
 * budgets; a starting rating made from these (players' results move it
 * afterwards); and its themes.
 */
#ifndef GOMOKU_PZ_GRADE_H
#define GOMOKU_PZ_GRADE_H

#include <stdbool.h>

#include "ai/ai.h"
#include "core/puzzle.h"
#include "pz_check.h"

/* The levels graded: Beginner to Hard (Master's budget costs seconds a
 * puzzle; gomoku-puzzles solve measures it on a sample). */
#define PZ_GRADE_LEVELS 4

typedef struct PzGrade {
    int plausible;                /* first moves that look like the answer */
    bool solved[PZ_GRADE_LEVELS]; /* by AI_PRESET_BEGINNER + i */
    int rating;
} PzGrade;

/* Returns true when the level's move (best, on p's position) solves p: a
 * listed defence, or a winning move after which the defender is found
 * lost (bud's budgets). */
bool pz_grade_correct(Ai *ai, const Puzzle *p, Move best, const PzBudget *bud);

/* Returns true when preset solves p at its node budget (no clock, fresh
 * table). */
bool pz_grade_solves(Ai *ai, const Puzzle *p, AiPreset preset, const PzBudget *bud);

/* Grades p into *g and sets p->rating from it. */
void pz_grade(Ai *ai, Puzzle *p, const PzBudget *bud, PzGrade *g);

/* The themes of p from its goal, line and rules: vcf or vct for a win,
 * defence for a defence; forbidden in renju when, at one of black's turns
 * of the position and the line, white threatens to win on a point black
 * may not take, or a four black would make is on such a point; mine is
 * kept. */
unsigned pz_grade_themes(const Puzzle *p);

#endif
