/*
 * ai_opening.h - the engine's side of the swap and swap2 opening rules.
 *
 * Under swap the first player places three stones (black, white, black)
 * and the second chooses a colour.  Under swap2 the second may instead
 * place two more (white, black) and let the first choose.  Whoever chooses
 * either takes black (the other side then plays white's next move) or
 * takes white and plays that move.  The engine places stones that its own
 * search judges close to even, and chooses the colour its search says is
 * better.  Shared by the game (its computer player) and the Gomocup brain
 * (SWAP2BOARD).  Five in a row only (rules.k == 5); no SDL here.
 */
#ifndef GOMOKU_AI_OPENING_H
#define GOMOKU_AI_OPENING_H

#include "ai.h"

typedef enum AiOpeningAction {
    AI_OPENING_PLACE,      /* stones[0..count) go on the board in order:
                            * 3 (black, white, black) on an empty board,
                            * or 2 (white, black) after three under swap2 */
    AI_OPENING_TAKE_BLACK, /* the chooser takes black; the other side plays
                            * white's next move (count 0) */
    AI_OPENING_TAKE_WHITE  /* the chooser takes white and plays stones[0]
                            * as white's next move (count 1) */
} AiOpeningAction;

typedef struct AiOpening {
    AiOpeningAction action;
    int count; /* stones in stones[] */
    Move stones[3];
    int black_eval; /* the search's score of the position after the answer,
                     * from black's side (AI_SCORE_WIN scale), for a panel */
} AiOpening;

/* Answers the opening decision that req->board poses: with no stone, the
 * three opening stones; with three, take black, take white (and its move)
 * or, when place_two is non-zero (swap2), place two more; with five, take
 * black or take white.  req's limits bound the whole answer (several
 * searches share them), req->cancel stops it early with the best answer so
 * far (with nothing searched yet: the first candidate shape, or take
 * black).  req->to_move and req->on_info are ignored: every sub-search has
 * white to move but one, and reports nothing.  Returns 0 and fills *out,
 * or -1 when the request is not such a position (a stone count other than
 * 0, 3 or 5, colours that do not alternate from black, or k other than 5). */
int ai_opening_answer(Ai *ai, const AiRequest *req, int place_two, AiOpening *out);

#endif
