/*
 * session_line.c - Show the win: a forced win of a review position played
 * out on the board, move by move.
 *
 * A stored proof line is not enough to show: a win found by the
 * alpha-beta search carries whatever replies its line happened to hold
 * (a defence far from the fight), and a line read from a file may be cut
 * short.  So the line is worked out as it is shown: the winner's first
 * move is the analysis's own best move (the "Best" the coach names), then
 * the helper searches every position of the line at its one budget - the
 * loser's best defence, the longest resistance, and the winner's best
 * attack - until the winner's row is made.  Each search starts from an
 * empty table, so the same game shows the same line every time.
 */
#include "session_internal.h"

#include <string.h>

static Stone side_at(int index)
{
    return index % 2 == 0 ? STONE_BLACK : STONE_WHITE;
}

/* Position from holds a proved win for its side to move. */
static bool proves_win(const Session *s, int from)
{
    const RecordEval *e = &s->reval[from];
    return from >= 0 && from <= s->rn && !(from == s->rn && s->rresult != GAME_ONGOING) &&
           e->have && e->mate_plies > 0 && move_is_valid(e->best);
}

int session_review_win_from(const Session *s)
{
    if (!s->reviewing) {
        return -1;
    }
    int pos = s->rpos;
    SessionCoachMove cm;
    /* The move shown threw a win away: the win of the side that missed it. */
    if (pos > 0 && session_review_coach(s, pos - 1, &cm) && cm.mark == SESSION_COACH_MISSED_WIN &&
        proves_win(s, pos - 1)) {
        return pos - 1;
    }
    return proves_win(s, pos) ? pos : -1;
}

/* The board of the line after its first n moves; returns the side to
 * move there. */
static Stone line_board(const Session *s, int n, Board *b)
{
    session_review_board(s, s->line.from, b);
    for (int i = 0; i < n; i++) {
        board_set(b, s->line.moves[i].x, s->line.moves[i].y, side_at(s->line.from + i));
    }
    return side_at(s->line.from + n);
}

/* Adds m, played by the side to move, and settles where the line stands:
 * the winner's row ends it, a full board or the longest line fails it. */
static void line_add(Session *s, Move m)
{
    Board b;
    Stone mover = line_board(s, s->line.len, &b);
    Rules rules = game_rules(s->game);
    if (!move_is_valid(m) || board_get(&b, m.x, m.y) != STONE_EMPTY) {
        s->line.state = SESSION_LINE_FAILED;
        return;
    }
    bool row = rules_wins_if_played(&b, rules, m, mover);
    s->line.moves[s->line.len++] = m;
    if (row) {
        s->line.state = mover == side_at(s->line.from) ? SESSION_LINE_DONE : SESSION_LINE_FAILED;
    } else if (s->line.len >= SESSION_LINE_MAX || s->rn + s->line.len >= b.size * b.size) {
        s->line.state = SESSION_LINE_FAILED;
    }
}

SessionStatus session_review_line_start(Session *s, int from)
{
    if (!s->reviewing || !proves_win(s, from)) {
        return SESSION_ERR_ARGS;
    }
    s->line.from = from; /* first, so going there keeps the line */
    session_review_goto(s, from);
    memset(&s->line, 0, sizeof s->line);
    s->line.on = true;
    s->line.from = from;
    s->line.state = SESSION_LINE_WORKING;
    line_add(s, s->reval[from].best);
    session_sync_jobs(s);
    return SESSION_OK;
}

void session_review_line_stop(Session *s)
{
    if (s->line.on) {
        s->line.on = false;
        session_sync_jobs(s);
    }
}

bool session_review_line_next(const Session *s, Board *b, Stone *to_move)
{
    if (!s->line.on || s->line.state != SESSION_LINE_WORKING) {
        return false;
    }
    *to_move = line_board(s, s->line.len, b);
    return true;
}

void session_review_take_line(Session *s, int status, const AiInfo *info)
{
    if (!s->line.on || s->line.state != SESSION_LINE_WORKING) {
        return;
    }
    Stone mover = side_at(s->line.from + s->line.len);
    /* The winner's search must still see the win it is playing out. */
    bool lost_sight = mover == side_at(s->line.from) && info->mate_plies <= 0;
    if (status != 0 || lost_sight) {
        s->line.state = SESSION_LINE_FAILED;
        return;
    }
    line_add(s, info->best);
}

SessionLineState session_review_line(const Session *s, Move *moves, int max, int *len, int *from)
{
    if (!s->reviewing || !s->line.on) {
        *len = 0;
        *from = -1;
        return SESSION_LINE_NONE;
    }
    int n = s->line.len < max ? s->line.len : max;
    memcpy(moves, s->line.moves, sizeof(Move) * (size_t)(n > 0 ? n : 0));
    *len = n;
    *from = s->line.from;
    return s->line.state;
}

int session_review_line_row(const Session *s, Move *row, int max)
{
    if (!s->reviewing || !s->line.on || s->line.state != SESSION_LINE_DONE) {
        return 0;
    }
    Game *g = game_new(game_board(s->game)->size, game_rules(s->game));
    if (g == NULL) {
        return 0;
    }
    bool ok = true;
    for (int i = 0; ok && i < s->line.from; i++) {
        ok = game_play(g, s->rmoves[i]) == GAME_OK;
    }
    for (int i = 0; ok && i < s->line.len; i++) {
        ok = game_play(g, s->line.moves[i]) == GAME_OK;
    }
    int n = ok ? game_win_line(g, row, max) : 0;
    game_free(g);
    return n;
}
