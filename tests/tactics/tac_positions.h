/*
 * tac_positions.h - the tactics positions, drawn as diagrams with X to move.
 */
#ifndef GOMOKU_TAC_POSITIONS_H
#define GOMOKU_TAC_POSITIONS_H

#include "core/board.h"
#include "core/rules.h"

typedef enum TacType {
    TAC_WIN,   /* X forces a win within `plies` plies; the engine must find one */
    TAC_DEFEND /* the '*' points are exactly X's moves after which O cannot win
                * within `plies` plies; the engine must play one of them */
} TacType;

typedef struct TacCase {
    const char *name;
    int size;
    RuleKind kind;
    int k;
    Stone x_colour; /* colour of X, the side to move */
    TacType type;
    int plies;
    int ox, oy; /* where the diagram's top-left corner goes */
    const char *rows[20];
} TacCase;

/* The suite the engine passes; the ones it fails, kept apart. */
extern const TacCase TAC_CASES[];
extern const int TAC_NCASES;
extern const TacCase TAC_OPEN_CASES[];
extern const int TAC_NOPEN_CASES;

#endif
