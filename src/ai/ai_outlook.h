/*
 * ai_outlook.h - what an engine score means to a player.
 *
 * The search scores a position from the side to move's view on its own
 * scale.  A player is shown either a win chance for a named side ("Black
 * 64 %") or a forced result ("Black wins in 7"), never a raw score, and a
 * forced result is never shown as a percentage.  The mapping from score to
 * chance is fitted on the outcomes of self-play games (docs/win-chance.md
 * gives the fit, its data and the calibration table; tools/winfit makes
 * them again).
 */
#ifndef GOMOKU_AI_OUTLOOK_H
#define GOMOKU_AI_OUTLOOK_H

#include "../core/board.h"
#include "../core/rules.h"

typedef enum AiOutlookKind {
    AI_OUTLOOK_NONE = 0, /* nothing known */
    AI_OUTLOOK_CHANCE,   /* a win chance: no forced result is known */
    AI_OUTLOOK_FORCED    /* winner wins by force in `moves` of their own moves */
} AiOutlookKind;

typedef struct AiOutlook {
    AiOutlookKind kind;
    /* Black's chance of winning in permille, 0..1000 (for FORCED: 1000 when
     * black wins, 0 when white does), so a bar or a graph can use one
     * number for every kind but NONE. */
    int black_permille;
    Stone winner; /* FORCED: who wins; else STONE_EMPTY */
    int moves;    /* FORCED: the winner's moves up to and including the five */
} AiOutlook;

/* Returns the side to move's chance of winning, in permille (1..999), of a
 * position the engine scores `score` (its own view; not a proven result)
 * under rules r on a size x size board (the curve depends on the win
 * length and, for five in a row, on the evaluation the default engine
 * uses there: renju's, freestyle's tables or the network).
 * Monotonic in score; the chance of -score is 1000 minus that of score
 * (within rounding). */
int ai_win_permille(int score, Rules r, int size);

/* Returns what an engine answer means for a player: score and mate_plies
 * as AiInfo gives them (side to move's view), to_move the side that was to
 * move in the position searched, r the game's rules and size its board's
 * (as for ai_win_permille).  A score beyond AI_SCORE_WIN_THRESHOLD is a
 * forced result even when mate_plies is 0. */
AiOutlook ai_outlook(int score, int mate_plies, Stone to_move, Rules r, int size);

/* Returns the chance o gives the side ahead, in whole percent as a player
 * is shown it: 50..99, never 100 (nor 0 for the other side), which would
 * read as certain.  50 means even; black is ahead when
 * o.black_permille > 500.  For AI_OUTLOOK_CHANCE. */
int ai_outlook_percent(AiOutlook o);

#endif
