/*
 * session_engine.c - what the session asks of its two engines and what it
 * does with their answers.
 *
 * Jobs are declarative: after every command session_sync_jobs works out
 * which search each engine should be running for the state as it is now,
 * keeps a job that is still wanted and replaces one that is not with a new
 * generation number.  The app only compares generations: a different one
 * means "cancel and start this", none means "stop".  An answer whose
 * generation is not the one wanted is stale (an undo, a new game, a scene
 * change came first) and is dropped; that is the whole protocol.
 *
 * The player engine's slot is the decider's: an ENGINE seat's search, or a
 * REMOTE seat's wait for a move from outside (session_seat.h), answered
 * through the same path.  A SCRIPTED seat's reply needs no job: it is held
 * (session_seat.c) and played at the next tick.
 */
#include "session_internal.h"

#include <string.h>

#define CLOCK_MIN_SLICE   50
#define CLOCK_SLICE_PARTS 20

/* ---- jobs ------------------------------------------------------------ */

uint32_t session_take_gen(Session *s)
{
    uint32_t gen = s->next_gen++;
    if (s->next_gen == 0) {
        s->next_gen = 1; /* 0 never names a job */
    }
    return gen;
}

static void start(Session *s, SessionEngine e, SessionJobKind kind, const Board *b, Stone to_move,
                  AiLimits limits, int index)
{
    SessionSlot *sl = &s->slot[e];
    memset(sl, 0, sizeof *sl);
    sl->active = true;
    sl->serial = s->serial;
    sl->index = index;
    sl->job.gen = session_take_gen(s);
    sl->job.kind = kind;
    sl->job.req.board = *b;
    sl->job.req.rules = game_rules(s->game);
    sl->job.req.to_move = to_move;
    sl->job.req.limits = limits;
}

static void drop(Session *s, SessionEngine e)
{
    s->slot[e].active = false;
    s->slot[e].has_progress = false;
}

void session_drop_jobs(Session *s)
{
    for (int e = 0; e < SESSION_ENGINE_COUNT; e++) {
        drop(s, (SessionEngine)e);
    }
    s->held = false;
    s->script.on = false;
}

/* True while the computer's move for this position is still of use (a
 * running search may finish under a dialog). */
static bool move_still_wanted(const Session *s)
{
    return s->game != NULL && s->active && !s->reviewing && session_result(s) == GAME_ONGOING &&
           session_decider_is_computer(s);
}

/* The computer's search: its seat's level, seeded per move and per search
 * (so a rematch does not replay the same slips), and never more than a
 * slice of its clock so it cannot lose on time. */
static AiLimits move_limits(Session *s, const SessionSeat *seat)
{
    AiLimits l = session_seat_limits(seat);
    l.seed ^= (uint32_t)game_move_count(s->game) * 2654435761u + ++s->searches;
    if (s->clock_on) {
        int32_t left = s->clock_ms[game_to_move(s->game) == STONE_BLACK ? 0 : 1];
        int slice = left / CLOCK_SLICE_PARTS > CLOCK_MIN_SLICE ? (int)(left / CLOCK_SLICE_PARTS)
                                                               : CLOCK_MIN_SLICE;
        if (l.time_ms == 0 || l.time_ms > slice) {
            l.time_ms = slice;
        }
    }
    return l;
}

/* The computer's decision in a swap opening goes to ai_opening_answer,
 * which answers with no stone, three, or five; a partial placement (a
 * record saved by hand mid-way) is finished a stone at a time. */
static SessionJobKind player_job_kind(const Session *s)
{
    SessionPhase p = session_phase(s);
    int n = game_move_count(s->game);
    bool whole = n == 0 || n == 3 || n == 5;
    return p == SESSION_PHASE_PLAY || !whole ? SESSION_JOB_MOVE : SESSION_JOB_OPENING;
}

/* Starts the decider's job of kind with limits. */
static void start_player(Session *s, SessionJobKind kind, AiLimits limits)
{
    SessionSlot *sl = &s->slot[SESSION_ENGINE_PLAYER];
    start(s, SESSION_ENGINE_PLAYER, kind, game_board(s->game), game_to_move(s->game), limits, 0);
    sl->job.place_two =
        session_phase(s) == SESSION_PHASE_CHOOSE && s->setup.opening == RECORD_OPENING_SWAP2;
    s->think_started = s->now_ms;
}

/* A scripted seat with no reply here whose script ends on a miss: nobody
 * moves; said once (failed_serial keeps the seat from being asked again
 * in this position). */
static void end_script(Session *s)
{
    s->failed_serial = s->serial;
    session_emit(s, (SessionEvent){.kind = SESSION_EVENT_SCRIPT_ENDED, .move = MOVE_NONE});
}

/* Sets the seat that decides now to work: a remote seat's job, a scripted
 * reply (or the script's miss policy), an engine's search. */
static void start_decider(Session *s)
{
    SessionSeat seat;
    session_seat_decider(s, &seat);
    if (seat.kind == SESSION_SEAT_REMOTE) {
        AiLimits none;
        memset(&none, 0, sizeof none);
        bool opening = player_job_kind(s) == SESSION_JOB_OPENING;
        start_player(s, opening ? SESSION_JOB_REMOTE_OPENING : SESSION_JOB_REMOTE, none);
        return;
    }
    if (seat.kind == SESSION_SEAT_SCRIPTED && !session_seat_script_start(s, &seat) &&
        seat.script->miss == SESSION_SCRIPT_MISS_END) {
        end_script(s);
        return;
    }
    if (!s->script.on) {
        start_player(s, player_job_kind(s), move_limits(s, &seat));
    }
}

static void sync_player(Session *s)
{
    SessionSlot *sl = &s->slot[SESSION_ENGINE_PLAYER];
    bool wanted = move_still_wanted(s);
    if (s->held && (!wanted || s->held_serial != s->serial)) {
        s->held = false;
    }
    if (s->script.on && (!wanted || s->script.serial != s->serial)) {
        s->script.on = false; /* its generation is no longer wanted */
    }
    if (sl->active && (!wanted || sl->serial != s->serial)) {
        drop(s, SESSION_ENGINE_PLAYER);
    }
    /* After a failed search, asking again would only fail again. */
    bool failed_here = s->failed_serial != 0 && s->failed_serial == s->serial;
    if (!sl->active && wanted && !s->held && !s->script.on && !s->paused && !failed_here) {
        start_decider(s);
    }
}

/* ---- analyses kept by position ------------------------------------------- */

uint64_t session_position_key(const Board *b, Stone to_move, Rules rules)
{
    /* FNV-1a over everything the verdict depends on. */
    uint64_t h = 1469598103934665603ull;
    const int head[4] = {b->size, (int)rules.kind, rules.k, (int)to_move};
    for (int i = 0; i < 4; i++) {
        h = (h ^ (uint64_t)(unsigned)head[i]) * 1099511628211ull;
    }
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            h = (h ^ (uint64_t)board_get(b, x, y)) * 1099511628211ull;
        }
    }
    return h != 0 ? h : 1;
}

const AiInfo *session_cache_get(const Session *s, uint64_t key)
{
    for (int i = 0; key != 0 && i < SESSION_CACHE_SIZE; i++) {
        if (s->cache[i].key == key) {
            return &s->cache[i].info;
        }
    }
    return NULL;
}

void session_cache_put(Session *s, uint64_t key, const AiInfo *info)
{
    int slot = 0;
    for (int i = 0; i < SESSION_CACHE_SIZE; i++) {
        if (s->cache[i].key == key) {
            slot = i;
            break;
        }
        if (s->cache[i].stamp < s->cache[slot].stamp) {
            slot = i;
        }
    }
    s->cache[slot].key = key;
    s->cache[slot].stamp = ++s->cache_clock;
    s->cache[slot].info = *info;
}

/* ---- the helper --------------------------------------------------------------- */

/* The one budget of every helper search (session.h, SESSION_HELPER_*):
 * nodes, an empty table, one thread, the best candidates scored. */
static AiLimits helper_limits(const Session *s)
{
    AiLimits l = ai_preset_limits(AI_PRESET_HARD);
    l.miss_three_pct = 0;
    l.threads = 1;
    l.max_depth = SESSION_HELPER_DEPTH;
    l.max_nodes = s->cfg.helper_nodes > 0 ? s->cfg.helper_nodes
                  : s->cfg.fixed_budgets  ? SESSION_HELPER_NODES_FIXED
                                          : SESSION_HELPER_NODES;
    l.time_ms = s->cfg.fixed_budgets ? 0 : SESSION_HELPER_SAFETY_MS;
    l.spend_all_time = 1; /* the budget is nodes: no early stop by the clock */
    l.fresh = 1;
    l.multi_pv = SESSION_HELPER_MULTI_PV;
    return l;
}

/* True when a person may ask about the position in focus: their turn in
 * play, or any review position that is not the end of a decided game. */
static bool focus_open(const Session *s)
{
    if (!s->reviewing) {
        return session_humans_turn(s) && session_phase(s) == SESSION_PHASE_PLAY;
    }
    return !(s->rpos == s->rn && s->rresult != GAME_ONGOING) &&
           s->rpos < game_board(s->game)->size * game_board(s->game)->size;
}

/* True when the position in play has something to analyse: a game going
 * on screen with room left.  Against a person the computer searches alone
 * (the helper would take its time on a small machine; nor is the position
 * analysed while a remote move or a scripted reply is awaited: it is about
 * to change); in a game without a person the two may run side by side. */
static bool play_analysis_wanted(const Session *s)
{
    if (s->reviewing || !s->active || session_result(s) != GAME_ONGOING ||
        session_phase(s) != SESSION_PHASE_PLAY || board_is_full(game_board(s->game))) {
        return false;
    }
    bool deciding = s->slot[SESSION_ENGINE_PLAYER].active || s->script.on;
    return !deciding || session_seat_humans(s) == 0;
}

static uint64_t focus_key(const Session *s)
{
    Board b;
    Stone to_move = session_focus_board(s, &b);
    return session_position_key(&b, to_move, game_rules(s->game));
}

/* The helper's wish for now, most wanted first: the next move of the
 * winning line shown, the position shown, then the review's others. */
typedef struct HelperWish {
    bool any;
    SessionJobKind kind;
    int index;
    Board board;
    Stone to_move;
} HelperWish;

static HelperWish helper_wish(const Session *s)
{
    HelperWish w = {.any = false};
    if (s->reviewing && s->line.on && session_review_line_next(s, &w.board, &w.to_move)) {
        w.any = true;
        w.kind = SESSION_JOB_LINE;
        return w;
    }
    int i = -1;
    if (s->reviewing) {
        i = session_review_wants_eval(s, s->rpos) ? s->rpos
            : s->ranalysing                       ? session_review_next_eval(s)
                                                  : -1;
    } else if (play_analysis_wanted(s) && session_cache_get(s, focus_key(s)) == NULL) {
        w.any = true;
        w.kind = SESSION_JOB_ANALYSIS;
        w.to_move = session_focus_board(s, &w.board);
        return w;
    }
    if (i >= 0) {
        w.any = true;
        w.kind = SESSION_JOB_EVAL;
        w.index = i;
        session_review_board(s, i, &w.board);
        w.to_move = i % 2 == 0 ? STONE_BLACK : STONE_WHITE;
    }
    return w;
}

/* A review position the cache already holds is taken at once: what was
 * analysed in play, or before in this review, is not searched again. */
static bool take_cached_eval(Session *s, const HelperWish *w)
{
    const AiInfo *known =
        w->kind == SESSION_JOB_EVAL
            ? session_cache_get(s, session_position_key(&w->board, w->to_move, game_rules(s->game)))
            : NULL;
    if (known == NULL) {
        return false;
    }
    AiInfo info = *known;
    session_review_take_eval(s, w->index, 0, &info);
    return true;
}

static void sync_helper(Session *s)
{
    SessionSlot *sl = &s->slot[SESSION_ENGINE_HELPER];
    HelperWish w = {.any = false};
    /* Each cached position taken makes another wish; a review has at most
     * BOARD_MAX_CELLS + 1 of them. */
    for (int guard = 0; guard <= BOARD_MAX_CELLS + 1 && s->game != NULL; guard++) {
        w = helper_wish(s);
        if (!w.any || !take_cached_eval(s, &w)) {
            break;
        }
    }
    uint64_t key = w.any ? session_position_key(&w.board, w.to_move, game_rules(s->game)) : 0;
    if (sl->active) {
        if (w.any && sl->job.kind == w.kind && sl->key == key) {
            return; /* still the search wanted */
        }
        drop(s, SESSION_ENGINE_HELPER);
    }
    if (w.any) {
        start(s, SESSION_ENGINE_HELPER, w.kind, &w.board, w.to_move, helper_limits(s), w.index);
        sl->key = key;
    }
}

void session_sync_jobs(Session *s)
{
    if (s->batch) {
        return; /* the computer's opening stones go down as one step */
    }
    sync_player(s);
    sync_helper(s);
}

bool session_engine_job(const Session *s, SessionEngine e, SessionJob *out)
{
    if (e < 0 || e >= SESSION_ENGINE_COUNT || !s->slot[e].active) {
        return false;
    }
    *out = s->slot[e].job;
    return true;
}

/* ---- answers --------------------------------------------------------------- */

static void apply_move(Session *s, int status, const AiInfo *info, uint64_t now_ms)
{
    s->last_info = *info;
    s->have_info = true;
    if (status != 0 || session_place(s, info->best, now_ms, true) != GAME_OK) {
        /* Should not happen; say so rather than leave the person waiting. */
        s->failed_serial = s->serial;
        session_emit(s, (SessionEvent){.kind = SESSION_EVENT_ENGINE_FAILED, .move = MOVE_NONE});
        session_sync_jobs(s);
    }
}

static void on_move(Session *s, int status, const AiInfo *info, uint64_t now_ms)
{
    uint64_t due = s->think_started + (uint64_t)s->cfg.ai_vs_ai_pace_ms;
    if (session_seat_humans(s) == 0 && now_ms < due) {
        s->held = true;
        s->held_status = status;
        s->held_info = *info;
        s->held_due = due;
        s->held_serial = s->serial;
        s->last_info = *info;
        s->have_info = true;
        return;
    }
    apply_move(s, status, info, now_ms);
}

void session_play_held(Session *s, uint64_t now_ms)
{
    if (!s->held || now_ms < s->held_due) {
        return;
    }
    s->held = false;
    AiInfo info = s->held_info;
    apply_move(s, s->held_status, &info, now_ms);
}

/* The hint asked for is announced once the analysis of its position is
 * done. */
static void announce_hint(Session *s)
{
    Move h = session_hint(s);
    if (s->hint_wanted && move_is_valid(h)) {
        s->hint_wanted = false;
        session_emit(s, (SessionEvent){.kind = SESSION_EVENT_HINT, .move = h});
    }
}

/* Returns the engine whose wanted job is gen, or -1 when none is. */
static int slot_of(const Session *s, uint32_t gen)
{
    for (int e = 0; e < SESSION_ENGINE_COUNT; e++) {
        if (s->slot[e].active && s->slot[e].job.gen == gen) {
            return e;
        }
    }
    return -1;
}

/* A remote seat's move: played as it came (it was checked legal), or,
 * when the remote player could not answer, reported as an engine failure. */
static void on_remote(Session *s, int status, const AiInfo *info, uint64_t now_ms)
{
    if (status != 0 || session_place(s, info->best, now_ms, true) != GAME_OK) {
        s->failed_serial = s->serial;
        session_emit(s, (SessionEvent){.kind = SESSION_EVENT_ENGINE_FAILED, .move = MOVE_NONE});
    }
}

/* True when job's answer is the helper's analysis of a position (kept by
 * position), not a player's move or decision. */
static bool analysis_kind(SessionJobKind kind)
{
    return kind == SESSION_JOB_ANALYSIS || kind == SESSION_JOB_EVAL || kind == SESSION_JOB_LINE;
}

/* A remote move the rules refuse is no answer: the job stays wanted. */
static bool remote_refused(const Session *s, const SessionJob *job, int status, const AiInfo *info)
{
    if (job->kind != SESSION_JOB_REMOTE || status != 0) {
        return false;
    }
    const Game *g = s->game;
    return rules_check_move(game_board(g), game_rules(g), game_to_move(g), info->best, NULL) !=
           RULES_MOVE_OK;
}

bool session_engine_result(Session *s, uint32_t gen, int status, const AiInfo *info,
                           uint64_t now_ms)
{
    int e = gen != 0 && info != NULL ? slot_of(s, gen) : -1;
    if (e < 0 || s->slot[e].job.kind == SESSION_JOB_REMOTE_OPENING ||
        remote_refused(s, &s->slot[e].job, status, info)) {
        return false;
    }
    s->now_ms = now_ms;
    SessionSlot done = s->slot[e];
    drop(s, (SessionEngine)e);
    if (done.job.kind == SESSION_JOB_MOVE) {
        s->last_info_side = done.job.req.to_move;
    }
    if (analysis_kind(done.job.kind) && status == 0) {
        session_cache_put(s, done.key, info);
    }
    switch (done.job.kind) {
    case SESSION_JOB_MOVE: on_move(s, status, info, now_ms); break;
    case SESSION_JOB_ANALYSIS: break; /* kept above */
    case SESSION_JOB_EVAL: session_review_take_eval(s, done.index, status, info); break;
    case SESSION_JOB_LINE: session_review_take_line(s, status, info); break;
    case SESSION_JOB_REMOTE: on_remote(s, status, info, now_ms); break;
    case SESSION_JOB_OPENING: /* answered by session_engine_opening_result */
    case SESSION_JOB_REMOTE_OPENING: break;
    }
    announce_hint(s);
    session_sync_jobs(s);
    return true;
}

bool session_engine_opening_result(Session *s, uint32_t gen, int status, const AiOpening *op,
                                   uint64_t now_ms)
{
    int e = gen != 0 && op != NULL ? slot_of(s, gen) : -1;
    SessionJobKind kind = e >= 0 ? s->slot[e].job.kind : SESSION_JOB_MOVE;
    if (kind != SESSION_JOB_OPENING && kind != SESSION_JOB_REMOTE_OPENING) {
        return false;
    }
    if (kind == SESSION_JOB_REMOTE_OPENING && status == 0 && !session_opening_fits(s, op)) {
        return false; /* a remote decision that does not fit: the job stays wanted */
    }
    s->now_ms = now_ms;
    drop(s, (SessionEngine)e);
    s->have_info = false; /* a search's line would speak of another position */
    if (status != 0 || !session_apply_opening(s, op, now_ms)) {
        s->failed_serial = s->serial;
        session_emit(s, (SessionEvent){.kind = SESSION_EVENT_ENGINE_FAILED, .move = MOVE_NONE});
    }
    session_sync_jobs(s);
    return true;
}

bool session_engine_progress(Session *s, uint32_t gen, const AiInfo *info)
{
    int e = gen != 0 && info != NULL ? slot_of(s, gen) : -1;
    if (e < 0) {
        return false;
    }
    s->slot[e].progress = *info;
    s->slot[e].has_progress = true;
    return true;
}

bool session_engine_report(const Session *s, AiInfo *out)
{
    Stone searched;
    return session_engine_report_side(s, out, &searched);
}

bool session_engine_report_side(const Session *s, AiInfo *out, Stone *searched)
{
    const SessionSlot *sl = &s->slot[SESSION_ENGINE_PLAYER];
    if (s->game != NULL && game_result(s->game) != GAME_ONGOING) {
        return false; /* the game's result says it all: no line about a move to come */
    }
    if (sl->active && sl->has_progress) {
        *out = sl->progress;
        *searched = sl->job.req.to_move;
        return true;
    }
    if (s->have_info) {
        *out = s->last_info;
        *searched = s->last_info_side;
        return true;
    }
    return false;
}

/* ---- hint and analysis ------------------------------------------------------ */

/* Review: the position's analysis as the record keeps it (a file's may
 * carry no candidates but the best). */
static void info_of_eval(const RecordEval *e, const Move *pv, AiInfo *out)
{
    memset(out, 0, sizeof *out);
    out->best = e->best;
    out->score = e->score;
    out->depth = e->depth;
    out->mate_plies = e->mate_plies;
    out->unscored = record_eval_unscored(e);
    out->pv_len = e->pv_len < AI_MAX_PV ? e->pv_len : AI_MAX_PV;
    memcpy(out->pv, pv, sizeof(Move) * (size_t)out->pv_len);
    if (out->pv_len == 0 && move_is_valid(e->best)) {
        out->pv[0] = e->best;
        out->pv_len = 1;
    }
    out->root_count = move_is_valid(e->best) ? 1 : 0;
    out->root_move[0] = e->best;
    out->root_score[0] = e->score;
    out->root_exact = out->root_count;
}

bool session_focus_analysis(const Session *s, AiInfo *out, bool *done)
{
    if (s->game == NULL) {
        return false;
    }
    uint64_t key = focus_key(s);
    const AiInfo *known = session_cache_get(s, key);
    if (known != NULL) {
        *out = *known;
        *done = true;
        return true;
    }
    RecordEval e;
    if (s->reviewing && session_review_analysis(s, s->rpos, &e) && move_is_valid(e.best)) {
        info_of_eval(&e, s->rpv[s->rpos], out);
        *done = true;
        return true;
    }
    const SessionSlot *sl = &s->slot[SESSION_ENGINE_HELPER];
    if (sl->active && sl->key == key && sl->job.kind != SESSION_JOB_LINE && sl->has_progress &&
        move_is_valid(sl->progress.best)) {
        *out = sl->progress;
        *done = false;
        return true;
    }
    return false;
}

bool session_hint_info(const Session *s, AiInfo *out)
{
    bool done = false;
    return s->hint_asked && s->hint_serial == s->serial && session_focus_analysis(s, out, &done) &&
           done && move_is_valid(out->best);
}

SessionStatus session_request_hint(Session *s)
{
    if (s->game == NULL || !focus_open(s)) {
        return SESSION_ERR_NOT_TURN;
    }
    if (s->hint_asked && s->hint_serial == s->serial) {
        return SESSION_OK;
    }
    s->hint_asked = true;
    s->hint_wanted = true;
    s->hint_serial = s->serial;
    session_sync_jobs(s);
    announce_hint(s); /* at once when the position is analysed already */
    return SESSION_OK;
}

Move session_hint(const Session *s)
{
    AiInfo info;
    return session_hint_info(s, &info) ? info.best : MOVE_NONE;
}

void session_set_analysis(Session *s, bool on)
{
    s->analysis_on = on;
    session_sync_jobs(s);
}

bool session_analysis_active(const Session *s)
{
    if (!s->analysis_on || s->game == NULL) {
        return false;
    }
    if (s->reviewing) {
        return focus_open(s);
    }
    return s->active && session_result(s) == GAME_ONGOING && !board_is_full(game_board(s->game)) &&
           session_phase(s) == SESSION_PHASE_PLAY;
}

bool session_analysis(const Session *s, AiInfo *out, bool *done)
{
    return session_analysis_active(s) && session_focus_analysis(s, out, done);
}
