/*
 * session_review.c - stepping through the moves of the session's game,
 * with an evaluation of every position filled in by the helper engine.
 */
#include "session_internal.h"

#include <string.h>

SessionStatus session_review_begin(Session *s)
{
    if (s->game == NULL) {
        return SESSION_ERR_NO_GAME;
    }
    session_drop_jobs(s);
    s->rn = game_move_count(s->game);
    for (int i = 0; i < s->rn; i++) {
        s->rmoves[i] = game_move_at(s->game, i);
    }
    s->rpos = s->rn;
    s->rresult = session_result(s);
    memset(s->rhave, 0, sizeof s->rhave);
    /* The last position of a decided game needs no search. */
    if (s->rresult != GAME_ONGOING) {
        s->reval[s->rn] = s->rresult == GAME_BLACK_WINS   ? 1.0f
                          : s->rresult == GAME_WHITE_WINS ? -1.0f
                                                          : 0.0f;
        s->rhave[s->rn] = true;
    }
    s->reviewing = true;
    s->serial++;
    session_sync_jobs(s);
    return SESSION_OK;
}

void session_review_end(Session *s)
{
    if (!s->reviewing) {
        return;
    }
    s->reviewing = false;
    s->serial++;
    session_sync_jobs(s);
}

bool session_reviewing(const Session *s)
{
    return s->reviewing;
}

int session_review_pos(const Session *s)
{
    return s->reviewing ? s->rpos : 0;
}

int session_review_count(const Session *s)
{
    return s->reviewing ? s->rn : 0;
}

void session_review_goto(Session *s, int pos)
{
    if (!s->reviewing) {
        return;
    }
    pos = pos < 0 ? 0 : pos > s->rn ? s->rn : pos;
    if (pos == s->rpos) {
        return;
    }
    bool forward_one = pos == s->rpos + 1;
    s->rpos = pos;
    s->serial++;
    s->ana_valid = false;
    if (forward_one) {
        session_emit(s,
                     (SessionEvent){.kind = SESSION_EVENT_REVIEW_STEP, .move = s->rmoves[pos - 1]});
    }
    session_sync_jobs(s);
}

Move session_review_move(const Session *s, int i)
{
    return s->reviewing && i >= 0 && i < s->rn ? s->rmoves[i] : MOVE_NONE;
}

void session_review_board(const Session *s, int i, Board *b)
{
    board_init(b, s->game != NULL ? game_board(s->game)->size : BOARD_MIN_SIZE);
    for (int j = 0; j < i && j < s->rn; j++) {
        board_set(b, s->rmoves[j].x, s->rmoves[j].y, j % 2 == 0 ? STONE_BLACK : STONE_WHITE);
    }
}

bool session_review_eval(const Session *s, int i, float *v)
{
    if (!s->reviewing || i < 0 || i > s->rn || !s->rhave[i]) {
        return false;
    }
    *v = s->reval[i];
    return true;
}

int session_review_evaluated(const Session *s)
{
    int n = 0;
    for (int i = 0; s->reviewing && i <= s->rn; i++) {
        n += s->rhave[i] ? 1 : 0;
    }
    return n;
}
