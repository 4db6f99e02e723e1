/*
 * session_review.c - stepping through the moves of the session's game,
 * with the helper engine's analysis of every position (the review coach's
 * data), kept while the moves stay the same and saved with the record.
 */
#include "session_internal.h"

#include <string.h>

/* The analysis is kept when a review starts on the same moves as the
 * last one (a second look, or a record that brought its analysis). */
static bool same_moves(const Session *s, int n)
{
    if (n != s->rn) {
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (!move_equal(game_move_at(s->game, i), s->rmoves[i])) {
            return false;
        }
    }
    return true;
}

static bool needs_eval(const Session *s, int i);

/* The positions analysed already (in play, or in an earlier review of
 * other moves) are the review's at once: one verdict each. */
static void take_known(Session *s)
{
    for (int i = 0; i <= s->rn; i++) {
        const AiInfo *known =
            needs_eval(s, i) ? session_cache_get(s, session_review_key(s, i)) : NULL;
        if (known != NULL) {
            AiInfo info = *known;
            session_review_take_eval(s, i, 0, &info);
        }
    }
}

SessionStatus session_review_begin(Session *s)
{
    if (s->game == NULL) {
        return SESSION_ERR_NO_GAME;
    }
    session_drop_jobs(s);
    int n = game_move_count(s->game);
    if (!same_moves(s, n)) {
        memset(s->reval, 0, sizeof s->reval);
        s->rannounced = false;
    }
    s->rn = n;
    for (int i = 0; i < s->rn; i++) {
        s->rmoves[i] = game_move_at(s->game, i);
    }
    s->rpos = s->rn;
    s->rresult = session_result(s);
    s->reviewing = true;
    take_known(s);
    s->ranalysing = session_review_next_eval(s) >= 0;
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
    s->hint_wanted = false;
    s->hint_asked = false;
    if (pos != s->line.from) {
        s->line.on = false; /* the line shown is about another position */
    }
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

Stone session_focus_board(const Session *s, Board *b)
{
    if (s->reviewing) {
        session_review_board(s, s->rpos, b);
        return s->rpos % 2 == 0 ? STONE_BLACK : STONE_WHITE;
    }
    *b = *game_board(s->game);
    return game_to_move(s->game);
}

/* ---- the analysis ------------------------------------------------------- */

static SessionCoachGame coach_game(const Session *s)
{
    SessionCoachGame g = {s->rmoves, s->rn, s->reval, {RULE_FREESTYLE, 5}, 15, s->rresult};
    if (s->game != NULL) {
        g.rules = game_rules(s->game);
        g.size = game_board(s->game)->size;
    }
    return g;
}

/* The last position of a decided game is its result, not a search. */
static bool needs_search(const Session *s, int i)
{
    return !(i == s->rn && s->rresult != GAME_ONGOING);
}

static bool needs_eval(const Session *s, int i)
{
    return needs_search(s, i) && !s->reval[i].have;
}

int session_review_next_eval(const Session *s)
{
    /* The position shown first, so the coach speaks of it soonest. */
    if (s->rpos <= s->rn && needs_eval(s, s->rpos)) {
        return s->rpos;
    }
    for (int i = 0; i <= s->rn; i++) {
        if (needs_eval(s, i)) {
            return i;
        }
    }
    return -1;
}

void session_review_take_eval(Session *s, int index, int status, const AiInfo *info)
{
    if (!s->reviewing || index < 0 || index > s->rn) {
        return;
    }
    if (status == 0) {
        session_cache_put(s, session_review_key(s, index), info);
    }
    RecordEval e = {.have = true, .best = MOVE_NONE};
    if (status == 0) {
        e.score = info->score;
        e.mate_plies = (int16_t)info->mate_plies;
        /* Depth 0 records an answer without a search (the one reply to a
         * four): its score says nothing (session_coach_outlook). */
        e.depth = info->unscored ? 0 : (int16_t)info->depth;
        e.best = info->best;
        e.have_second = info->root_count >= 2;
        e.second = e.have_second ? info->root_score[1] : 0;
        /* A forced win's line, to show it. */
        if (info->mate_plies > 0 && info->pv_len > 0) {
            e.pv_len = (uint16_t)(info->pv_len < AI_MAX_PV ? info->pv_len : AI_MAX_PV);
            memcpy(s->rpv[index], info->pv, sizeof(Move) * e.pv_len);
        }
    }
    s->reval[index] = e;
    if (session_review_next_eval(s) < 0 && !s->rannounced) {
        s->rannounced = true;
        s->ranalysing = false;
        session_emit(s, (SessionEvent){.kind = SESSION_EVENT_REVIEW_ANALYSED, .move = MOVE_NONE});
    }
}

uint64_t session_review_key(const Session *s, int index)
{
    Board b;
    session_review_board(s, index, &b);
    return session_position_key(&b, index % 2 == 0 ? STONE_BLACK : STONE_WHITE,
                                game_rules(s->game));
}

bool session_review_wants_eval(const Session *s, int index)
{
    if (!s->reviewing || index < 0 || index > s->rn || !needs_search(s, index)) {
        return false;
    }
    bool asked = s->analysis_on || (s->hint_wanted && index == s->rpos);
    if (!s->reval[index].have) {
        return s->ranalysing || asked;
    }
    /* A file's analysis names the best move only: the overlay's ranked
     * candidates need the search itself (the same one, so the same
     * verdict, when the file was analysed by this version). */
    return s->analysis_on && index == s->rpos &&
           session_cache_get(s, session_review_key(s, index)) == NULL;
}

bool session_review_outlook(const Session *s, int i, AiOutlook *out)
{
    SessionCoachGame g = coach_game(s);
    return s->reviewing && session_coach_outlook(&g, i, out);
}

bool session_review_eval(const Session *s, int i, float *v)
{
    AiOutlook o;
    if (!session_review_outlook(s, i, &o)) {
        return false;
    }
    *v = (float)(o.black_permille - 500) / 500.0f;
    return true;
}

int session_review_evaluated(const Session *s)
{
    int n = 0;
    for (int i = 0; s->reviewing && i <= s->rn; i++) {
        n += needs_eval(s, i) ? 0 : 1;
    }
    return n;
}

bool session_review_analysis(const Session *s, int i, RecordEval *out)
{
    if (!s->reviewing || i < 0 || i > s->rn || !s->reval[i].have) {
        return false;
    }
    *out = s->reval[i];
    return true;
}

bool session_review_coach(const Session *s, int i, SessionCoachMove *out)
{
    SessionCoachGame g = coach_game(s);
    return s->reviewing && session_coach_move(&g, i, out);
}

void session_review_summary(const Session *s, SessionCoachSummary *out)
{
    SessionCoachGame g = coach_game(s);
    if (!s->reviewing) {
        g.count = 0;
    }
    session_coach_summary(&g, out);
}

int session_review_proof(const Session *s, int i, Move *pv, int max)
{
    if (!s->reviewing || i < 0 || i > s->rn || !s->reval[i].have) {
        return 0;
    }
    int n = s->reval[i].pv_len < max ? s->reval[i].pv_len : max;
    memcpy(pv, s->rpv[i], sizeof(Move) * (size_t)(n > 0 ? n : 0));
    return n;
}

void session_review_set_analysing(Session *s, bool on)
{
    if (!s->reviewing) {
        return;
    }
    s->ranalysing = on && session_review_next_eval(s) >= 0;
    session_sync_jobs(s);
}

bool session_review_analysing(const Session *s)
{
    return s->reviewing && s->ranalysing;
}

/* ---- records -------------------------------------------------------------- */

void session_review_to_record(const Session *s, Record *out)
{
    if (!same_moves(s, out->count)) {
        return;
    }
    for (int i = 0; i <= s->rn; i++) {
        if (s->reval[i].have) {
            record_set_eval(out, i, &s->reval[i], s->rpv[i], s->reval[i].pv_len);
        }
    }
}

void session_review_from_record(Session *s, const Record *rec)
{
    memset(s->reval, 0, sizeof s->reval);
    s->rn = rec->count;
    memcpy(s->rmoves, rec->moves, sizeof(Move) * (size_t)rec->count);
    for (int i = 0; i <= rec->count; i++) {
        const RecordEval *e = &rec->eval[i];
        if (!e->have) {
            continue;
        }
        s->reval[i] = *e;
        s->reval[i].pv_start = 0;
        memcpy(s->rpv[i], &rec->eval_pv[e->pv_start], sizeof(Move) * e->pv_len);
    }
    /* Not announced yet: when this review completes the analysis (the file
     * had none, or only part of it) the event goes out and the app writes
     * it into the file; a file with all of it starts no search, so nothing
     * is announced but a deeper analysis the player asks for. */
    s->rannounced = false;
}

/* ---- playing on ------------------------------------------------------------ */

/* mode names who plays black; once a swap opening has given black to the
 * second player, the session's mode names the first player's seat, so
 * the person and the computer trade seats.  (In the middle of the opening
 * black is the first player.) */
static PlayerMode opening_mode(RecordOpening o, int n, const RecordChoice c[2], PlayerMode mode)
{
    if (session_phase_at(o, n, c) != SESSION_PHASE_PLAY || session_side_is_first(c, STONE_BLACK)) {
        return mode;
    }
    return mode == MODE_HUMAN_BLACK      ? MODE_COMPUTER_BLACK
           : mode == MODE_COMPUTER_BLACK ? MODE_HUMAN_BLACK
                                         : mode;
}

SessionStatus session_review_continue(Session *s, PlayerMode mode, uint64_t now_ms)
{
    if (!s->reviewing || s->game == NULL || mode < 0 || mode >= MODE_COUNT) {
        return SESSION_ERR_NO_GAME;
    }
    Game *g = game_new(game_board(s->game)->size, game_rules(s->game));
    if (g == NULL) {
        return SESSION_ERR_NOMEM;
    }
    for (int i = 0; i < s->rpos; i++) {
        if (game_play(g, s->rmoves[i]) != GAME_OK || game_result(g) != GAME_ONGOING) {
            game_free(g);
            return SESSION_ERR_ARGS;
        }
    }
    if (board_is_full(game_board(g))) {
        game_free(g);
        return SESSION_ERR_ARGS;
    }
    /* The opening's decisions made before the position shown stay; the
     * one at the position itself is the new players' to make. */
    RecordChoice c[2] = {s->rpos > 3 ? s->choice[0] : RECORD_CHOICE_NONE,
                         s->rpos > 5 ? s->choice[1] : RECORD_CHOICE_NONE};
    game_free(s->game);
    s->game = g;
    s->setup.mode = opening_mode(s->setup.opening, s->rpos, c, mode);
    s->seats_set = false; /* the players mode names */
    session_reset_game_state(s, now_ms);
    s->choice[0] = c[0];
    s->choice[1] = c[1];
    session_position_changed(s, false, false);
    session_after_move(s);
    return SESSION_OK;
}
