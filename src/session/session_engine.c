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
 */
#include "session_internal.h"

#include <string.h>

/* The helper's budgets: enough for a sound hint, a stable analysis and a
 * quick but meaningful graph. */
#define HINT_TIME_MS     1500
#define HINT_DEPTH       12
#define HINT_NODES       200000
#define ANALYSIS_TIME_MS 3000
#define ANALYSIS_DEPTH   14
#define ANALYSIS_NODES   400000
/* A review position: deep enough for the coach to be right about
 * threats, quick enough that a 40-move game is done in well under a
 * minute (docs/coach.md). */
#define EVAL_TIME_MS      700
#define EVAL_DEPTH        10
#define EVAL_NODES        400000
#define EVAL_NODES_FIXED  40000
#define CLOCK_MIN_SLICE   50
#define CLOCK_SLICE_PARTS 20

/* ---- jobs ------------------------------------------------------------ */

static void start(Session *s, SessionEngine e, SessionJobKind kind, const Board *b, Stone to_move,
                  AiLimits limits, int index)
{
    SessionSlot *sl = &s->slot[e];
    memset(sl, 0, sizeof *sl);
    sl->active = true;
    sl->serial = s->serial;
    sl->index = index;
    sl->job.gen = s->next_gen++;
    if (s->next_gen == 0) {
        s->next_gen = 1; /* 0 never names a job */
    }
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
}

/* True while the computer's move for this position is still of use (a
 * running search may finish under a dialog). */
static bool move_still_wanted(const Session *s)
{
    return s->game != NULL && s->active && !s->reviewing && session_result(s) == GAME_ONGOING &&
           session_decider_is_computer(s);
}

/* The computer's search: its preset, seeded per move and per search (so a
 * rematch does not replay the same slips), and never more than a slice of
 * its clock so it cannot lose on time. */
static AiLimits move_limits(Session *s)
{
    AiLimits l =
        s->setup.custom ? ai_custom_limits(s->setup.custom_ai) : ai_preset_limits(s->setup.preset);
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

static void sync_player(Session *s)
{
    SessionSlot *sl = &s->slot[SESSION_ENGINE_PLAYER];
    bool wanted = move_still_wanted(s);
    if (s->held && (!wanted || s->held_serial != s->serial)) {
        s->held = false;
    }
    if (sl->active && (!wanted || sl->serial != s->serial)) {
        drop(s, SESSION_ENGINE_PLAYER);
    }
    /* After a failed search, asking again would only fail again. */
    bool failed_here = s->failed_serial != 0 && s->failed_serial == s->serial;
    if (!sl->active && wanted && !s->held && !s->paused && !failed_here) {
        start(s, SESSION_ENGINE_PLAYER, player_job_kind(s), game_board(s->game),
              game_to_move(s->game), move_limits(s), 0);
        sl->job.place_two =
            session_phase(s) == SESSION_PHASE_CHOOSE && s->setup.opening == RECORD_OPENING_SWAP2;
        s->think_started = s->now_ms;
    }
}

static AiLimits helper_limits(const Session *s, int time_ms, int depth, int64_t nodes)
{
    AiLimits l = ai_preset_limits(AI_PRESET_HARD);
    l.miss_three_pct = 0;
    l.max_depth = l.max_depth > 0 && l.max_depth < depth ? l.max_depth : depth;
    l.time_ms = s->cfg.fixed_budgets ? 0 : time_ms;
    l.max_nodes = nodes;
    return l;
}

/* The helper's wish for now, most wanted first: a hint the person asked
 * for, the analysis of the position, then the review's next evaluation. */
typedef struct HelperWish {
    bool any;
    SessionJobKind kind;
    int index;
} HelperWish;

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

static HelperWish helper_wish(Session *s)
{
    if (s->hint_wanted && focus_open(s)) {
        return (HelperWish){true, SESSION_JOB_HINT, 0};
    }
    s->hint_wanted = false;
    if (session_analysis_active(s) && !(s->ana_valid && s->ana_serial == s->serial)) {
        return (HelperWish){true, SESSION_JOB_ANALYSIS, 0};
    }
    int i = s->reviewing && s->ranalysing ? session_review_next_eval(s) : -1;
    return (HelperWish){i >= 0, SESSION_JOB_EVAL, i};
}

static void start_helper(Session *s, HelperWish w)
{
    Board b;
    Stone to_move = session_focus_board(s, &b);
    if (w.kind == SESSION_JOB_HINT) {
        start(s, SESSION_ENGINE_HELPER, w.kind, &b, to_move,
              helper_limits(s, HINT_TIME_MS, HINT_DEPTH, HINT_NODES), 0);
    } else if (w.kind == SESSION_JOB_ANALYSIS) {
        start(s, SESSION_ENGINE_HELPER, w.kind, &b, to_move,
              helper_limits(s, ANALYSIS_TIME_MS, ANALYSIS_DEPTH, ANALYSIS_NODES), 0);
    } else {
        session_review_board(s, w.index, &b);
        int64_t nodes = s->cfg.fixed_budgets ? EVAL_NODES_FIXED : EVAL_NODES;
        start(s, SESSION_ENGINE_HELPER, w.kind, &b, w.index % 2 == 0 ? STONE_BLACK : STONE_WHITE,
              helper_limits(s, EVAL_TIME_MS, EVAL_DEPTH, nodes), w.index);
    }
}

static void sync_helper(Session *s)
{
    SessionSlot *sl = &s->slot[SESSION_ENGINE_HELPER];
    HelperWish w = s->game != NULL ? helper_wish(s) : (HelperWish){false, SESSION_JOB_HINT, 0};
    if (sl->active) {
        /* A review evaluation stays useful while the review moves about;
         * a hint or an analysis is about one position. */
        bool same = w.any && sl->job.kind == w.kind &&
                    (w.kind == SESSION_JOB_EVAL ? sl->index == w.index : sl->serial == s->serial);
        if (same) {
            return;
        }
        drop(s, SESSION_ENGINE_HELPER);
    }
    if (w.any) {
        start_helper(s, w);
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
    if (s->setup.mode == MODE_AI_VS_AI && now_ms < due) {
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

static void on_hint(Session *s, int status, const AiInfo *info)
{
    s->hint_wanted = false;
    if (status == 0 && move_is_valid(info->best)) {
        s->hint = info->best;
        s->hint_info = *info;
        s->hint_serial = s->serial;
        session_emit(s, (SessionEvent){.kind = SESSION_EVENT_HINT, .move = info->best});
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

bool session_engine_result(Session *s, uint32_t gen, int status, const AiInfo *info,
                           uint64_t now_ms)
{
    int e = gen != 0 && info != NULL ? slot_of(s, gen) : -1;
    if (e < 0) {
        return false;
    }
    s->now_ms = now_ms;
    SessionSlot done = s->slot[e];
    drop(s, (SessionEngine)e);
    if (done.job.kind == SESSION_JOB_MOVE) {
        s->last_info_side = done.job.req.to_move;
    }
    switch (done.job.kind) {
    case SESSION_JOB_MOVE: on_move(s, status, info, now_ms); break;
    case SESSION_JOB_HINT: on_hint(s, status, info); break;
    case SESSION_JOB_ANALYSIS:
        s->ana = *info;
        s->ana_valid = status == 0;
        s->ana_serial = done.serial;
        if (s->ana_valid && s->reviewing && done.serial == s->serial) {
            session_review_improve_eval(s, s->rpos, info);
        }
        break;
    case SESSION_JOB_EVAL: session_review_take_eval(s, done.index, status, info); break;
    case SESSION_JOB_OPENING: break; /* answered by session_engine_opening_result */
    }
    session_sync_jobs(s);
    return true;
}

bool session_engine_opening_result(Session *s, uint32_t gen, int status, const AiOpening *op,
                                   uint64_t now_ms)
{
    int e = gen != 0 && op != NULL ? slot_of(s, gen) : -1;
    if (e < 0 || s->slot[e].job.kind != SESSION_JOB_OPENING) {
        return false;
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

bool session_hint_info(const Session *s, AiInfo *out)
{
    if (!move_is_valid(session_hint(s))) {
        return false;
    }
    *out = s->hint_info;
    return true;
}

/* ---- hint and analysis ------------------------------------------------------ */

SessionStatus session_request_hint(Session *s)
{
    if (s->game == NULL || !focus_open(s)) {
        return SESSION_ERR_NOT_TURN;
    }
    if (move_is_valid(s->hint) && s->hint_serial == s->serial) {
        return SESSION_OK;
    }
    if (s->ana_valid && s->ana_serial == s->serial && move_is_valid(s->ana.best)) {
        /* The analysis of this position searched longer than a hint would:
         * the hint is its move, so the two never disagree. */
        on_hint(s, 0, &s->ana);
        return SESSION_OK;
    }
    s->hint_wanted = true;
    session_sync_jobs(s);
    return SESSION_OK;
}

Move session_hint(const Session *s)
{
    return s->hint_serial == s->serial ? s->hint : MOVE_NONE;
}

void session_set_analysis(Session *s, bool on)
{
    s->analysis_on = on;
    s->ana_valid = false;
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
    if (!session_analysis_active(s)) {
        return false;
    }
    if (s->ana_valid && s->ana_serial == s->serial) {
        *out = s->ana;
        *done = true;
        return true;
    }
    const SessionSlot *sl = &s->slot[SESSION_ENGINE_HELPER];
    if (sl->active && sl->job.kind == SESSION_JOB_ANALYSIS && sl->serial == s->serial &&
        sl->has_progress) {
        *out = sl->progress;
        *done = false;
        return true;
    }
    return false;
}
