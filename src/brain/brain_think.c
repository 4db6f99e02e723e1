/*
 * brain_think.c - what the brain searches for the protocol: its move in
 * the position (under the clock, the caps and the watchdog, with the
 * engine's progress sent as MESSAGE lines) and its answers in a swap2
 * opening.
 */
#include "brain_think.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../ai/ai.h"
#include "../ai/ai_opening.h"
#include "../core/board.h"
#include "brain_fallback.h"
#include "brain_policy.h"
#include "brain_state_internal.h"
#include "brain_swap2.h"
#include "brain_watchdog.h"

/* The brain plays black when it has at least as many stones as the
 * opponent: with equal counts black is to move, and after the opponent's
 * first move the opponent is black.  Field-3 stones are left out: they are
 * leftovers of finished lines and belong to no one's turn. */
static Stone own_colour(const Brain *b)
{
    return brain_count_cells(b, BRAIN_CELL_OWN) >= brain_count_cells(b, BRAIN_CELL_OPPONENT)
               ? STONE_BLACK
               : STONE_WHITE;
}

static void report(Brain *b, const AiInfo *info)
{
    char buf[REPLY_MAX_LEN];
    size_t len;
    int64_t t = info->time_ms > 0 ? info->time_ms : 1;
    int n = info->pv_len < AI_MAX_PV ? info->pv_len : AI_MAX_PV;

    snprintf(buf, sizeof buf, "MESSAGE depth %d eval %d nodes %lld nps %lld time %d pv",
             info->depth, info->score, (long long)info->nodes, (long long)(info->nodes * 1000 / t),
             info->time_ms);
    for (int i = 0; i < n; i++) {
        len = strlen(buf);
        if (len + 16 >= sizeof buf) {
            break;
        }
        snprintf(buf + len, sizeof buf - len, " %d,%d", info->pv[i].x, info->pv[i].y);
    }
    b->reported_depth = info->depth;
    /* After END nothing more may reach the manager. */
    if (atomic_load(&b->search) == SEARCH_QUIT) {
        return;
    }
    b->write(buf, b->user);
}

static void on_info(const AiInfo *info, void *user)
{
    report((Brain *)user, info);
}

static bool ensure_engine(Brain *b)
{
    size_t want = brain_table_bytes(b);

    if (b->ai_shared) {
        return true;
    }
    if (b->ai != NULL && b->ai_bytes != want) {
        ai_free(b->ai);
        b->ai = NULL;
    }
    if (b->ai == NULL) {
        b->ai = ai_new(want);
        b->ai_bytes = want;
    }
    return b->ai != NULL;
}

/* The request every search of b starts from: board with me to move, the
 * caps and the clock's time, cancellable through b->search. */
static AiRequest make_request(Brain *b, const Board *board, Rules r, Stone me)
{
    AiRequest req;

    memset(&req, 0, sizeof req);
    req.board = *board;
    req.rules = r;
    req.to_move = me;
    req.limits.max_depth = b->caps.max_depth > 0 && b->caps.max_depth < AI_MAX_DEPTH
                               ? b->caps.max_depth
                               : AI_MAX_DEPTH;
    req.limits.max_nodes = b->caps.max_nodes > 0 ? b->caps.max_nodes : 0;
    req.limits.time_ms =
        brain_policy_time_ms(&b->clock, board->count, b->size * b->size - board->count);
    req.limits.spend_all_time = brain_policy_spend_all(&b->clock);
    req.limits.breadth = 0;
    /* A second Lazy SMP thread reaches a depth sooner on an idle machine
     * but won no more games at 1 s a move, and costs a core the manager
     * may be sharing (docs/strength.md), so the brain searches on one. */
    req.limits.threads = b->threads;
    req.limits.miss_three_pct = 0;
    req.limits.seed = 0x2545f491u;
    req.cancel = &b->search;
    return req;
}

/* Runs the engine on board for me, under the clock and the hard-deadline
 * watchdog, cancellable through b->search.  Returns ai_search's status. */
static int run_search(Brain *b, const Board *board, Rules r, Stone me, AiInfo *info)
{
    AiRequest req = make_request(b, board, r, me);
    BrainWatchdog *watchdog;
    int rc;

    req.on_info = on_info;
    req.user = b;
    b->reported_depth = -1;
    memset(info, 0, sizeof *info);
    /* Without a watchdog the engine's own time check still applies; it is
     * only the guarantee against its unchecked phases that is lost. */
    watchdog =
        brain_watchdog_start(&b->search, brain_policy_hard_ms(&b->clock, req.limits.time_ms));
    rc = ai_search(b->ai, &req, info);
    brain_watchdog_stop(watchdog);
    return rc;
}

void brain_think_move(Brain *b)
{
    Stone me = own_colour(b);
    Stone them = stone_opponent(me);
    Rules r = brain_rules(b);
    Board board;
    Move m = MOVE_NONE;
    AiInfo info;

    board_init(&board, b->size);
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            uint8_t c = b->cell[brain_idx(x, y)];
            if (c != BRAIN_CELL_EMPTY) {
                /* A field-3 stone is a wall for us: treating it as the
                 * opponent's keeps us from counting on it for our lines. */
                board_set(&board, x, y, c == BRAIN_CELL_OWN ? me : them);
            }
        }
    }
    if (board_is_full(&board)) {
        brain_reply(b, "ERROR the board is full: no move to play");
        return;
    }

    if (board.count == 0) {
        /* Every engine opens in the centre; searching an empty board only
         * spends the clock (and pages in the hash table) for nothing. */
        m.x = (int8_t)(b->size / 2);
        m.y = (int8_t)(b->size / 2);
        brain_reply(b, "MESSAGE opening in the centre");
    } else {
        bool engine;
        int rc = -1;

        /* Open to interrupts from here: creating the engine may take a
         * while too, and a STOP then simply finds the search cancelled. */
        atomic_store(&b->search, SEARCH_RUNNING);
        engine = ensure_engine(b);
        if (engine) {
            rc = run_search(b, &board, r, me, &info);
        }
        if (atomic_exchange(&b->search, SEARCH_IDLE) == SEARCH_QUIT) {
            b->quit = true;
            return;
        }
        if (!engine) {
            brain_reply(b, "MESSAGE not enough memory for the engine: playing a simple move");
        } else if (rc == 0) {
            m = info.best;
            if (info.depth > b->reported_depth) {
                report(b, &info);
            }
        }
    }

    if (!move_is_valid(m) || !board_in_bounds(&board, m.x, m.y) ||
        !rules_is_legal(&board, r, me, m)) {
        m = brain_fallback_move(&board, r, me);
    }
    if (!move_is_valid(m)) {
        brain_reply(b, "ERROR no legal move to play");
        return;
    }
    b->cell[brain_idx(m.x, m.y)] = BRAIN_CELL_OWN;
    brain_reply(b, "%d,%d", m.x, m.y);
}

/* Runs ai_opening_answer on board under the clock and the watchdog, as
 * run_search does a move.  Returns 0 with *o filled, -1 when the engine
 * could not be made or refused, 1 when END came meanwhile. */
static int run_opening(Brain *b, const Board *board, Rules r, AiOpening *o)
{
    AiRequest req = make_request(b, board, r, STONE_WHITE);
    int rc = -1;

    /* Every game of a match would open alike with one seed. */
    req.limits.seed = b->seed + b->openings * 0x9e3779b9u;
    atomic_store(&b->search, SEARCH_RUNNING);
    if (ensure_engine(b)) {
        BrainWatchdog *watchdog =
            brain_watchdog_start(&b->search, brain_policy_hard_ms(&b->clock, req.limits.time_ms));
        rc = ai_opening_answer(b->ai, &req, 1, o);
        brain_watchdog_stop(watchdog);
    }
    if (atomic_exchange(&b->search, SEARCH_IDLE) == SEARCH_QUIT) {
        b->quit = true;
        return 1;
    }
    return rc;
}

void brain_think_swap2(Brain *b)
{
    Rules r = brain_rules(b);
    char err[160];
    char line[64];
    Board board;
    AiOpening o;

    if (b->board_without_game) {
        brain_reply(b, "ERROR SWAP2BOARD before START");
        return;
    }
    if (brain_swap2_check(&b->swap2, r, err, sizeof err) != 0) {
        brain_reply(b, "ERROR %s", err);
        return;
    }
    brain_swap2_board(&b->swap2, b->size, &board);
    int rc = run_opening(b, &board, r, &o);
    if (rc == 1) {
        return;
    }
    if (rc != 0 || !brain_swap2_valid(&b->swap2, &o, r, b->size)) {
        /* As for a move: nothing unplayable ever reaches the manager. */
        brain_reply(b, "MESSAGE no engine answer for the opening: answering without it");
        o = brain_swap2_fallback(&b->swap2, b->size);
    } else {
        brain_reply(b, "MESSAGE swap2: black's eval %d after the answer", o.black_eval);
    }
    b->openings += b->swap2.count == 0;
    Stone me = brain_swap2_apply(&b->swap2, &o, &board);
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            Stone st = board_get(&board, x, y);
            b->cell[brain_idx(x, y)] = st == STONE_EMPTY ? BRAIN_CELL_EMPTY
                                       : st == me        ? BRAIN_CELL_OWN
                                                         : BRAIN_CELL_OPPONENT;
        }
    }
    brain_reply(b, "%s", brain_swap2_reply(&o, line, sizeof line));
}
