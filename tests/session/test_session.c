/*
 * test_session.c - the game session without a window: setup, turn order,
 * the undo/redo policy (during a search, computer vs computer, after the
 * end), clocks and a falling flag, the score, the engines' jobs with stale
 * answers dropped by generation, pacing, hints, analysis, review, and the
 * record round trip behind Save and a resumed autosave.
 *
 * Time is whatever the test says it is: every call takes now_ms.  Engine
 * answers are either made up (to control exactly what comes back) or
 * searched for real with a small budget (answer()).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/record_text.h"
#include "session/session.h"

static Ai *engine;

static int setup_engine(void **state)
{
    (void)state;
    engine = ai_new(0);
    return engine != NULL ? 0 : -1;
}

static int teardown_engine(void **state)
{
    (void)state;
    ai_free(engine);
    return 0;
}

static SessionSetup setup_of(PlayerMode mode, int clock_min)
{
    SessionSetup st = session_default_setup();
    st.mode = mode;
    st.preset = AI_PRESET_BEGINNER;
    st.clock_min = clock_min;
    return st;
}

/* A session with a new game, shown on screen at t = 0. */
static Session *start(PlayerMode mode, int clock_min)
{
    SessionSetup st = setup_of(mode, clock_min);
    SessionConfig cfg = {0, true, 0};
    Session *s = session_new(&cfg, &st);
    assert_non_null(s);
    assert_int_equal(session_new_game(s, NULL, false, 0, "2026-11-24T10:00:00Z"), SESSION_OK);
    session_set_active(s, true, 0);
    return s;
}

static void drain(Session *s)
{
    SessionEvent ev;
    while (session_next_event(s, &ev)) {
    }
}

/* Returns whether an event of kind is queued (consuming the queue). */
static bool saw(Session *s, SessionEventKind kind, SessionEvent *found)
{
    SessionEvent ev;
    bool seen = false;
    while (session_next_event(s, &ev)) {
        if (ev.kind == kind && !seen) {
            seen = true;
            if (found != NULL) {
                *found = ev;
            }
        }
    }
    return seen;
}

/* Searches engine e's job for real and hands the answer back at now_ms. */
static bool answer_with(Session *s, SessionEngine e, uint64_t now_ms, int64_t nodes)
{
    SessionJob job;
    if (!session_engine_job(s, e, &job)) {
        return false;
    }
    job.req.limits.time_ms = 0;
    job.req.limits.max_nodes = nodes;
    AiInfo info;
    int st = ai_search(engine, &job.req, &info);
    return session_engine_result(s, job.gen, st, &info, now_ms);
}

static bool answer(Session *s, SessionEngine e, uint64_t now_ms)
{
    return answer_with(s, e, now_ms, 3000);
}

/* An answer playing m, made up. */
static AiInfo info_playing(Move m)
{
    AiInfo info;
    memset(&info, 0, sizeof info);
    info.best = m;
    info.depth = 3;
    info.score = 120;
    return info;
}

static void play(Session *s, int x, int y, uint64_t now_ms)
{
    assert_int_equal(session_play(s, (Move){(int8_t)x, (int8_t)y}, now_ms, NULL), SESSION_OK);
}

/* Plays the first empty point from (x, y) on in reading order. */
static void play_free(Session *s, int x, int y, uint64_t now_ms)
{
    const Board *b = game_board(session_game(s));
    int i = y * b->size + x;
    while (board_get(b, i % b->size, i / b->size) != STONE_EMPTY) {
        i++;
    }
    play(s, i % b->size, i / b->size, now_ms);
}

static int moves(const Session *s)
{
    return game_move_count(session_game(s));
}

/* ---- setup --------------------------------------------------------------- */

static void test_setup_sanitized(void **state)
{
    (void)state;
    SessionSetup st = {99,   {RULE_RENJU, 4}, (PlayerMode)17,     (AiPreset)-3, 999,
                       true, {3, 99, 5, 0},   RECORD_OPENING_SWAP};
    session_sanitize_setup(&st);
    assert_int_equal(st.custom_ai.depth, 3);
    assert_int_equal(st.custom_ai.breadth, AI_CUSTOM_BREADTH_MAX);
    assert_int_equal(st.custom_ai.time_ms, AI_CUSTOM_TIME_MIN);
    assert_int_equal(st.custom_ai.threads, 1);
    assert_int_equal(st.size, BOARD_MAX_SIZE);
    assert_int_equal(st.rules.k, 4);
    assert_int_equal(st.rules.kind, RULE_FREESTYLE); /* renju needs five */
    assert_int_equal(st.mode, MODE_HUMAN_BLACK);
    assert_int_equal(st.preset, AI_PRESET_MEDIUM);
    assert_int_equal(st.clock_min, 0);
    assert_int_equal(st.opening, RECORD_OPENING_STANDARD); /* swap needs five */
    SessionSetup d = session_default_setup();
    assert_int_equal(d.size, 15);
    assert_int_equal(d.rules.k, 5);

    Session *s = session_new(NULL, &st);
    assert_null(session_game(s));
    assert_int_equal(session_result(s), GAME_ONGOING);
    assert_int_equal(session_play(s, (Move){7, 7}, 0, NULL), SESSION_ERR_NO_GAME);
    assert_int_equal(session_undo(s, 0), SESSION_ERR_NO_GAME);
    SessionJob job;
    assert_false(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    session_free(s);
    session_free(NULL);
}

/* ---- turns ----------------------------------------------------------------- */

static void test_turns_against_the_computer(void **state)
{
    (void)state;
    Session *s = start(MODE_HUMAN_BLACK, 0);
    SessionJob job;
    assert_true(session_humans_turn(s));
    assert_false(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    play(s, 7, 7, 10);
    /* Now the computer thinks; the person must wait. */
    assert_true(session_thinking(s));
    assert_false(session_humans_turn(s));
    assert_int_equal(session_play(s, (Move){8, 8}, 20, NULL), SESSION_ERR_NOT_TURN);
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_int_equal(job.kind, SESSION_JOB_MOVE);
    assert_int_equal(job.req.to_move, STONE_WHITE);
    assert_int_equal(board_get(&job.req.board, 7, 7), STONE_BLACK);
    /* The same job until its answer comes. */
    SessionJob again;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &again));
    assert_int_equal(again.gen, job.gen);
    drain(s);
    AiInfo info = info_playing((Move){8, 8});
    assert_true(session_engine_result(s, job.gen, 0, &info, 500));
    SessionEvent ev = {0};
    assert_true(saw(s, SESSION_EVENT_PLACED, &ev));
    assert_true(ev.by_computer);
    assert_true(move_equal(ev.move, (Move){8, 8}));
    assert_int_equal(moves(s), 2);
    assert_true(session_humans_turn(s));
    AiInfo report;
    assert_true(session_engine_report(s, &report));
    assert_int_equal(report.depth, 3);
    /* A second copy of the same answer is stale. */
    assert_false(session_engine_result(s, job.gen, 0, &info, 600));
    assert_int_equal(moves(s), 2);

    Forbidden why;
    assert_int_equal(session_play(s, (Move){8, 8}, 700, &why), SESSION_ERR_OCCUPIED);
    assert_int_equal(session_play(s, (Move){15, 0}, 700, &why), SESSION_ERR_OFF_BOARD);
    session_free(s);
}

static void test_renju_forbidden_refused(void **state)
{
    (void)state;
    SessionSetup st = setup_of(MODE_TWO_PLAYERS, 0);
    st.rules = (Rules){RULE_RENJU, 5};
    Session *s = session_new(NULL, &st);
    assert_int_equal(session_new_game(s, NULL, false, 0, NULL), SESSION_OK);
    session_set_active(s, true, 0);
    /* Black: (6,7) (7,7) (8,5) (8,6); white far away.  (8,7) is then a
     * double three for black. */
    const int xy[8][2] = {{6, 7}, {0, 0}, {7, 7}, {0, 2}, {8, 5}, {0, 4}, {8, 6}, {0, 6}};
    for (int i = 0; i < 8; i++) {
        play(s, xy[i][0], xy[i][1], (uint64_t)i);
    }
    Forbidden why = FORBID_NONE;
    assert_int_equal(session_play(s, (Move){8, 7}, 9, &why), SESSION_ERR_FORBIDDEN);
    assert_int_equal(why, FORBID_DOUBLE_THREE);
    assert_int_equal(moves(s), 8);
    session_free(s);
}

/* ---- undo and redo ------------------------------------------------------------ */

static void test_undo_during_search_drops_the_answer(void **state)
{
    (void)state;
    Session *s = start(MODE_HUMAN_BLACK, 0);
    play(s, 7, 7, 0);
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 100));
    play_free(s, 6, 6, 200);
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    /* Undo while the computer searches: back to the person's move. */
    assert_true(session_can_undo(s));
    assert_int_equal(session_undo(s, 250), SESSION_OK);
    assert_int_equal(moves(s), 2);
    assert_int_equal(game_to_move(session_game(s)), STONE_BLACK);
    assert_false(session_thinking(s));
    SessionJob none;
    assert_false(session_engine_job(s, SESSION_ENGINE_PLAYER, &none));
    /* The search's answer, when it comes, is stale. */
    AiInfo late = info_playing((Move){9, 9});
    assert_false(session_engine_result(s, job.gen, 0, &late, 300));
    assert_int_equal(moves(s), 2);
    assert_int_equal(board_get(game_board(session_game(s)), 9, 9), STONE_EMPTY);
    /* Redo brings the person's move back and the computer thinks again,
     * under a new generation. */
    assert_true(session_can_redo(s));
    assert_int_equal(session_redo(s, 400), SESSION_OK);
    assert_int_equal(moves(s), 3);
    SessionJob next;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &next));
    assert_int_not_equal(next.gen, job.gen);
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 500));
    assert_int_equal(moves(s), 4);
    session_free(s);
}

static void test_undo_against_computer_goes_to_the_persons_move(void **state)
{
    (void)state;
    Session *s = start(MODE_HUMAN_BLACK, 0);
    play(s, 7, 7, 0);
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 10));
    play_free(s, 5, 5, 20);
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 30));
    assert_int_equal(moves(s), 4);
    assert_int_equal(session_undo(s, 40), SESSION_OK);
    assert_int_equal(moves(s), 2); /* the computer's reply and the person's move */
    assert_true(session_humans_turn(s));
    assert_int_equal(session_redo(s, 50), SESSION_OK);
    assert_int_equal(moves(s), 4); /* both come back */
    session_free(s);

    /* With the computer as black, its first move is not taken back. */
    s = start(MODE_COMPUTER_BLACK, 0);
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 10));
    assert_int_equal(moves(s), 1);
    assert_false(session_can_undo(s));
    assert_int_equal(session_undo(s, 20), SESSION_ERR_NO_GAME);
    assert_int_equal(moves(s), 1);
    Move free_point =
        board_get(game_board(session_game(s)), 7, 7) == STONE_EMPTY ? (Move){7, 7} : (Move){6, 6};
    play(s, free_point.x, free_point.y, 30);
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 40));
    assert_true(session_can_undo(s));
    assert_int_equal(session_undo(s, 50), SESSION_OK);
    assert_int_equal(moves(s), 1);
    session_free(s);
}

static void test_no_undo_between_computers(void **state)
{
    (void)state;
    Session *s = start(MODE_AI_VS_AI, 0);
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 10));
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 20));
    assert_int_equal(moves(s), 2);
    assert_false(session_can_undo(s));
    assert_int_equal(session_undo(s, 30), SESSION_ERR_NO_GAME);
    assert_false(session_can_redo(s));
    assert_false(session_humans_turn(s));
    assert_int_equal(moves(s), 2);
    session_free(s);
}

/* Black five on row 7 against white on row 9: black wins on move 9. */
static void play_black_win(Session *s, uint64_t t)
{
    for (int i = 0; i < 9; i++) {
        play(s, 3 + i / 2, i % 2 == 0 ? 7 : 9, t + (uint64_t)i);
    }
}

static void test_undo_after_the_end_uncounts(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    drain(s);
    play_black_win(s, 0);
    assert_int_equal(session_result(s), GAME_BLACK_WINS);
    SessionEvent ev = {0};
    assert_true(saw(s, SESSION_EVENT_GAME_OVER, &ev));
    assert_int_equal(ev.result, GAME_BLACK_WINS);
    assert_int_equal(session_score(s, GAME_BLACK_WINS), 1);
    assert_false(session_humans_turn(s));
    /* Taken back: the game goes on and the win no longer counts. */
    assert_int_equal(session_undo(s, 100), SESSION_OK);
    assert_int_equal(session_result(s), GAME_ONGOING);
    assert_true(session_humans_turn(s));
    assert_int_equal(session_score(s, GAME_BLACK_WINS), 0);
    /* Won again: counted once more. */
    assert_int_equal(session_redo(s, 110), SESSION_OK);
    assert_int_equal(session_score(s, GAME_BLACK_WINS), 1);
    session_free(s);
}

/* ---- score ------------------------------------------------------------------ */

static void test_score_runs_across_rematches(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play_black_win(s, 0);
    assert_int_equal(session_new_game(s, NULL, true, 100, NULL), SESSION_OK);
    session_set_active(s, true, 100);
    play_black_win(s, 200);
    assert_int_equal(session_score(s, GAME_BLACK_WINS), 2);
    assert_int_equal(session_score(s, GAME_WHITE_WINS), 0);
    assert_int_equal(session_score(s, GAME_ONGOING), 0);
    /* Play from the menu starts counting again. */
    assert_int_equal(session_new_game(s, NULL, false, 300, NULL), SESSION_OK);
    assert_int_equal(session_score(s, GAME_BLACK_WINS), 0);
    session_free(s);
}

/* A finished game opened for review never touches the score, not even
 * when its last move is taken back (the old app took one of the
 * session's own wins off then). */
static void test_loaded_game_never_counts(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play_black_win(s, 0);
    assert_int_equal(session_score(s, GAME_BLACK_WINS), 1);
    Record rec;
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    char err[200];
    assert_int_equal(session_load(s, &rec, SESSION_LOAD_REVIEW, 100, err, sizeof err), SESSION_OK);
    assert_int_equal(session_result(s), GAME_BLACK_WINS);
    assert_int_equal(session_undo(s, 110), SESSION_OK);
    assert_int_equal(session_score(s, GAME_BLACK_WINS), 1);
    assert_int_equal(session_redo(s, 120), SESSION_OK);
    assert_int_equal(session_score(s, GAME_BLACK_WINS), 1);
    session_free(s);
}

/* ---- clocks -------------------------------------------------------------------- */

static void test_clock_charges_the_side_to_move(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 5);
    assert_true(session_clock_on(s));
    assert_int_equal(session_clock_ms(s, STONE_BLACK), 300000);
    session_tick(s, 1500);
    assert_int_equal(session_clock_ms(s, STONE_BLACK), 298500);
    play(s, 7, 7, 2000);
    assert_int_equal(session_clock_ms(s, STONE_BLACK), 298000);
    session_tick(s, 2700);
    assert_int_equal(session_clock_ms(s, STONE_WHITE), 299300);
    assert_int_equal(session_next_tick_ms(s, 2700), 300); /* to 299 s */
    /* Paused (a dialog) and hidden (the menu): nobody's time runs. */
    session_set_paused(s, true, 3000);
    session_tick(s, 9000);
    session_set_paused(s, false, 9000);
    session_set_active(s, false, 9000);
    assert_int_equal(session_next_tick_ms(s, 9000), -1);
    session_tick(s, 20000);
    session_set_active(s, true, 20000);
    session_tick(s, 20100);
    assert_int_equal(session_clock_ms(s, STONE_WHITE), 299300 - 300 - 100);
    assert_int_equal(session_clock_ms(s, STONE_BLACK), 298000);
    session_free(s);
}

static void test_flag_falls(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play(s, 7, 7, 0);
    session_set_clocks(s, 60000, 30, 10);
    drain(s);
    session_tick(s, 50);
    assert_true(session_timed_out(s));
    assert_int_equal(session_result(s), GAME_BLACK_WINS);
    assert_int_equal(game_result(session_game(s)), GAME_ONGOING);
    assert_int_equal(session_clock_ms(s, STONE_WHITE), 0);
    assert_int_equal(session_score(s, GAME_BLACK_WINS), 1);
    /* Nothing to resume, and a fallen flag is not taken back. */
    SessionEvent ev;
    bool cleared = false, over = false;
    while (session_next_event(s, &ev)) {
        cleared = cleared || ev.kind == SESSION_EVENT_AUTOSAVE_CLEAR;
        over = over || ev.kind == SESSION_EVENT_GAME_OVER;
    }
    assert_true(cleared);
    assert_true(over);
    assert_false(session_can_undo(s));
    assert_false(session_humans_turn(s));
    /* The record says how it ended, and reads back the same. */
    Record rec;
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_int_equal(rec.result, GAME_BLACK_WINS);
    assert_int_equal(rec.end, RECORD_END_TIME);
    char err[200];
    assert_int_equal(session_load(s, &rec, SESSION_LOAD_REVIEW, 100, err, sizeof err), SESSION_OK);
    assert_true(session_timed_out(s));
    assert_int_equal(session_result(s), GAME_BLACK_WINS);
    session_free(s);
}

static void test_computer_keeps_within_its_clock(void **state)
{
    (void)state;
    Session *s = start(MODE_COMPUTER_BLACK, 1);
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    /* Beginner may take a second; with a minute left it gets a twentieth. */
    assert_true(job.req.limits.time_ms > 0 && job.req.limits.time_ms <= 60000 / 20);
    session_free(s);
}

/* ---- engines --------------------------------------------------------------------- */

static void test_stale_answers_after_new_game_and_scene_change(void **state)
{
    (void)state;
    Session *s = start(MODE_COMPUTER_BLACK, 0);
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    AiInfo progress = info_playing((Move){7, 7});
    assert_true(session_engine_progress(s, job.gen, &progress));
    /* A new game: the old search's answer and progress are stale. */
    assert_int_equal(session_new_game(s, NULL, true, 10, NULL), SESSION_OK);
    SessionJob fresh;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &fresh));
    assert_int_not_equal(fresh.gen, job.gen);
    assert_false(session_engine_progress(s, job.gen, &progress));
    AiInfo info = info_playing((Move){7, 7});
    assert_false(session_engine_result(s, job.gen, 0, &info, 20));
    assert_int_equal(moves(s), 0);
    /* Leaving the game's scene drops the search; its answer is stale. */
    session_set_active(s, false, 30);
    assert_false(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_false(session_engine_result(s, fresh.gen, 0, &info, 40));
    assert_int_equal(moves(s), 0);
    assert_false(session_thinking(s));
    /* Back on screen: a new search. */
    session_set_active(s, true, 50);
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_true(job.gen != fresh.gen);
    assert_false(session_engine_result(s, 0, 0, &info, 60)); /* 0 names no job */
    session_free(s);
}

static void test_paused_starts_nothing_but_finishes(void **state)
{
    (void)state;
    Session *s = start(MODE_HUMAN_BLACK, 0);
    play(s, 7, 7, 0);
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    /* A dialog opens while the computer thinks: the search goes on and its
     * move is played. */
    session_set_paused(s, true, 10);
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    AiInfo info = info_playing((Move){8, 8});
    assert_true(session_engine_result(s, job.gen, 0, &info, 20));
    assert_int_equal(moves(s), 2);
    session_free(s);

    /* The computer to move while paused: it waits for the dialog to close. */
    s = start(MODE_COMPUTER_BLACK, 0);
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 5));
    session_set_paused(s, true, 10);
    Move m =
        board_get(game_board(session_game(s)), 7, 7) == STONE_EMPTY ? (Move){7, 7} : (Move){6, 6};
    play(s, m.x, m.y, 20);
    assert_false(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    session_set_paused(s, false, 30);
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    session_free(s);
}

static void test_computer_vs_computer_is_paced(void **state)
{
    (void)state;
    SessionSetup st = setup_of(MODE_AI_VS_AI, 0);
    SessionConfig cfg = {400, true, 0};
    Session *s = session_new(&cfg, &st);
    assert_int_equal(session_new_game(s, NULL, false, 1000, NULL), SESSION_OK);
    session_set_active(s, true, 1000);
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    AiInfo info = info_playing((Move){7, 7});
    /* Found after 100 ms: held back until 400 ms have passed. */
    assert_true(session_engine_result(s, job.gen, 0, &info, 1100));
    assert_int_equal(moves(s), 0);
    assert_true(session_thinking(s));
    assert_false(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_int_equal(session_next_tick_ms(s, 1100), 300);
    session_tick(s, 1399);
    assert_int_equal(moves(s), 0);
    session_tick(s, 1400);
    assert_int_equal(moves(s), 1);
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job)); /* white's turn */
    /* A held move never lands in a new game. */
    info = info_playing((Move){8, 8});
    assert_true(session_engine_result(s, job.gen, 0, &info, 1450));
    assert_int_equal(session_new_game(s, NULL, true, 1500, NULL), SESSION_OK);
    session_tick(s, 5000);
    assert_int_equal(board_get(game_board(session_game(s)), 8, 8), STONE_EMPTY);
    session_free(s);
}

static void test_engine_failure_is_reported(void **state)
{
    (void)state;
    Session *s = start(MODE_COMPUTER_BLACK, 0);
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    drain(s);
    AiInfo info = info_playing(MOVE_NONE);
    assert_true(session_engine_result(s, job.gen, -1, &info, 10));
    assert_true(saw(s, SESSION_EVENT_ENGINE_FAILED, NULL));
    assert_int_equal(moves(s), 0);
    /* It does not search the same position again and again. */
    assert_false(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_true(session_humans_turn(s) || !session_thinking(s));
    session_free(s);
}

/* ---- hint and analysis ---------------------------------------------------------- */

static void test_hint(void **state)
{
    (void)state;
    Session *s = start(MODE_HUMAN_BLACK, 0);
    play(s, 7, 7, 0);
    assert_int_equal(session_request_hint(s), SESSION_ERR_NOT_TURN); /* computer to move */
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 10));
    /* The hint is the best move of the position's analysis, which the
     * helper is working out already (the person is to move). */
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_HELPER, &job));
    assert_int_equal(job.kind, SESSION_JOB_ANALYSIS);
    assert_int_equal(session_request_hint(s), SESSION_OK);
    SessionJob same;
    assert_true(session_engine_job(s, SESSION_ENGINE_HELPER, &same));
    assert_int_equal(same.gen, job.gen);
    assert_true(move_equal(session_hint(s), MOVE_NONE)); /* not yet */
    drain(s);
    assert_true(answer(s, SESSION_ENGINE_HELPER, 20));
    SessionEvent ev = {0};
    assert_true(saw(s, SESSION_EVENT_HINT, &ev));
    Move h = session_hint(s);
    assert_true(move_equal(h, ev.move));
    assert_int_equal(board_get(game_board(session_game(s)), h.x, h.y), STONE_EMPTY);
    /* Playing it clears it. */
    play(s, h.x, h.y, 30);
    assert_true(move_equal(session_hint(s), MOVE_NONE));
    session_free(s);
}

static void test_analysis(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play(s, 7, 7, 0);
    /* The position in play is analysed whether the overlay is on or not:
     * the win chance beside the board comes from it. */
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_HELPER, &job));
    assert_int_equal(job.kind, SESSION_JOB_ANALYSIS);
    AiInfo got;
    bool done = true;
    assert_false(session_focus_analysis(s, &got, &done));
    AiInfo partial = info_playing((Move){8, 8});
    assert_true(session_engine_progress(s, job.gen, &partial));
    assert_true(session_focus_analysis(s, &got, &done));
    assert_false(done);
    assert_false(session_analysis(s, &got, &done)); /* the overlay is off */
    session_set_analysis(s, true);
    assert_true(session_analysis_active(s));
    SessionJob same;
    assert_true(session_engine_job(s, SESSION_ENGINE_HELPER, &same));
    assert_int_equal(same.gen, job.gen); /* the same search, not a second one */
    assert_true(session_analysis(s, &got, &done));
    assert_false(done);
    assert_true(answer(s, SESSION_ENGINE_HELPER, 10));
    assert_true(session_analysis(s, &got, &done));
    assert_true(done);
    assert_true(got.root_count >= 1);
    assert_false(session_engine_job(s, SESSION_ENGINE_HELPER, &job)); /* nothing left */
    /* A move makes it stale; the next analysis starts. */
    Move first = got.best;
    play(s, first.x, first.y, 20);
    assert_false(session_analysis(s, &got, &done));
    assert_true(session_engine_job(s, SESSION_ENGINE_HELPER, &job));
    session_set_analysis(s, false);
    assert_true(session_engine_job(s, SESSION_ENGINE_HELPER, &same));
    assert_int_equal(same.gen, job.gen);
    /* Undo brings back a position analysed already: nothing is searched. */
    assert_int_equal(session_undo(s, 30), SESSION_OK);
    assert_false(session_engine_job(s, SESSION_ENGINE_HELPER, &job));
    assert_true(session_focus_analysis(s, &got, &done) && done);
    assert_true(move_equal(got.best, first));
    session_free(s);
}

/* A hint asked for once the analysis of the position is in is the
 * analysis's move and chance: the two never disagree. */
static void test_hint_follows_the_analysis(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play(s, 7, 7, 0);
    play(s, 8, 8, 0);
    session_set_analysis(s, true);
    assert_true(answer_with(s, SESSION_ENGINE_HELPER, 10, 20000));
    AiInfo ana, hint;
    bool done = false;
    assert_true(session_analysis(s, &ana, &done) && done);
    drain(s);
    assert_int_equal(session_request_hint(s), SESSION_OK);
    SessionJob job;
    assert_false(session_engine_job(s, SESSION_ENGINE_HELPER, &job)); /* no search */
    assert_true(saw(s, SESSION_EVENT_HINT, NULL));
    assert_true(move_equal(session_hint(s), ana.best));
    assert_true(session_hint_info(s, &hint));
    assert_int_equal(hint.score, ana.score);
    assert_int_equal(hint.mate_plies, ana.mate_plies);
    session_free(s);
}

/* ---- review ------------------------------------------------------------------------ */

static void test_review(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play_black_win(s, 0);
    drain(s);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    assert_true(session_reviewing(s));
    assert_int_equal(session_review_count(s), 9);
    assert_int_equal(session_review_pos(s), 9);
    float v = 0.0f;
    assert_true(session_review_eval(s, 9, &v)); /* decided: no search */
    assert_true(v > 0.99f);
    assert_int_equal(session_review_evaluated(s), 1);
    /* The helper evaluates the positions one by one. */
    int guard = 0;
    while (answer(s, SESSION_ENGINE_HELPER, 10) && guard++ < 20) {
    }
    assert_int_equal(session_review_evaluated(s), 10);
    for (int i = 0; i <= 9; i++) {
        assert_true(session_review_eval(s, i, &v));
        assert_true(v >= -1.0f && v <= 1.0f);
    }
    session_review_goto(s, 3);
    assert_int_equal(session_review_pos(s), 3);
    Board b;
    session_review_board(s, 3, &b);
    assert_int_equal(board_get(&b, 3, 7), STONE_BLACK);
    assert_int_equal(board_get(&b, 3, 9), STONE_WHITE);
    assert_int_equal(board_get(&b, 4, 7), STONE_BLACK);
    assert_int_equal(board_get(&b, 4, 9), STONE_EMPTY);
    drain(s);
    session_review_goto(s, 4);
    SessionEvent ev = {0};
    assert_true(saw(s, SESSION_EVENT_REVIEW_STEP, &ev));
    assert_true(move_equal(ev.move, (Move){4, 9}));
    session_review_goto(s, -5);
    assert_int_equal(session_review_pos(s), 0);
    session_review_goto(s, 99);
    assert_int_equal(session_review_pos(s), 9);
    assert_false(session_can_undo(s)); /* the game waits while reviewing */
    session_review_end(s);
    assert_false(session_reviewing(s));
    assert_int_equal(moves(s), 9);
    assert_int_equal(session_result(s), GAME_BLACK_WINS);
    session_free(s);
}

/* Analyses every review position with the helper. */
static void analyse_all(Session *s)
{
    int guard = 0;
    while (answer(s, SESSION_ENGINE_HELPER, 10) && guard++ < BOARD_MAX_CELLS) {
    }
}

static void test_review_analysis_is_saved(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play_black_win(s, 0);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    assert_true(session_review_analysing(s));
    analyse_all(s);
    assert_true(saw(s, SESSION_EVENT_REVIEW_ANALYSED, NULL));
    assert_false(session_review_analysing(s));
    assert_int_equal(session_review_evaluated(s), 10);
    RecordEval ev;
    assert_true(session_review_analysis(s, 8, &ev));
    /* Black to move at 8 has the five: a forced win in one. */
    assert_int_equal(ev.mate_plies, 1);
    AiOutlook o;
    assert_true(session_review_outlook(s, 8, &o));
    assert_int_equal(o.kind, AI_OUTLOOK_FORCED);
    assert_int_equal(o.winner, STONE_BLACK);
    SessionCoachMove m;
    assert_true(session_review_coach(s, 8, &m));
    assert_int_equal(m.mark, SESSION_COACH_BEST);

    /* Saved, written, read back and opened: nothing left to analyse. */
    Record rec;
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_true(rec.eval[8].have);
    size_t len = 0;
    char *text = record_format(&rec, &len);
    assert_non_null(text);
    assert_non_null(strstr(text, "x-eval 8 "));
    Record back;
    char err[200];
    assert_int_equal(record_parse(text, len, &back, err, sizeof err), 0);
    free(text);
    session_free(s);
    s = session_new(NULL, NULL);
    assert_int_equal(session_load(s, &back, SESSION_LOAD_REVIEW, 0, err, sizeof err), SESSION_OK);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    assert_int_equal(session_review_evaluated(s), 10);
    assert_false(session_review_analysing(s));
    SessionJob job;
    assert_false(session_engine_job(s, SESSION_ENGINE_HELPER, &job));
    RecordEval again;
    assert_true(session_review_analysis(s, 8, &again));
    assert_int_equal(again.mate_plies, ev.mate_plies);
    assert_true(move_equal(again.best, ev.best));
    session_free(s);
}

/* A record opened without its analysis (a game saved before it was
 * reviewed, a hand-written one) is analysed in review, and when every
 * position is, the session says so (SESSION_EVENT_REVIEW_ANALYSED), so the
 * app writes the analysis into the file (docs/coach.md).  It said so only
 * for games played in this session: an opened record counted as analysed
 * already, and its analysis was never saved. */
static void test_opened_record_analysis_is_saved(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play_black_win(s, 0);
    Record rec;
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_false(rec.eval[0].have);
    session_free(s);
    SessionConfig cfg = {0, true, 0};
    s = session_new(&cfg, NULL);
    session_set_active(s, true, 0);
    char err[200];
    assert_int_equal(session_load(s, &rec, SESSION_LOAD_REVIEW, 0, err, sizeof err), SESSION_OK);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    assert_true(session_review_analysing(s));
    drain(s);
    analyse_all(s);
    assert_false(session_review_analysing(s));
    assert_int_equal(session_review_evaluated(s), 10);
    assert_true(saw(s, SESSION_EVENT_REVIEW_ANALYSED, NULL));
    /* Saved with it, and opened again: nothing new, so nothing to save. */
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_true(rec.eval[8].have);
    session_free(s);
    s = session_new(&cfg, NULL);
    session_set_active(s, true, 0);
    assert_int_equal(session_load(s, &rec, SESSION_LOAD_REVIEW, 0, err, sizeof err), SESSION_OK);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    assert_false(session_review_analysing(s));
    assert_false(saw(s, SESSION_EVENT_REVIEW_ANALYSED, NULL));
    session_free(s);
}

/* One position, one verdict: in review the overlay, the hint and the
 * coach all read the one analysis of the position shown; turning the
 * overlay on searches nothing more and changes no mark. */
static void test_review_overlay_is_the_coach(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play_black_win(s, 0);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    analyse_all(s);
    assert_true(saw(s, SESSION_EVENT_REVIEW_ANALYSED, NULL));
    drain(s);
    session_review_goto(s, 3);
    RecordEval coach;
    assert_true(session_review_analysis(s, 3, &coach));
    session_set_analysis(s, true);
    SessionJob job;
    assert_false(session_engine_job(s, SESSION_ENGINE_HELPER, &job));
    AiInfo ana;
    bool done = false;
    assert_true(session_analysis(s, &ana, &done) && done);
    assert_int_equal(ana.depth, coach.depth);
    assert_int_equal(ana.score, coach.score);
    assert_true(move_equal(ana.best, coach.best));
    assert_int_equal(session_request_hint(s), SESSION_OK);
    assert_true(move_equal(session_hint(s), coach.best));
    assert_true(saw(s, SESSION_EVENT_HINT, NULL));
    assert_false(saw(s, SESSION_EVENT_REVIEW_ANALYSED, NULL)); /* nothing new to save */
    session_free(s);
}

/* Every helper search has the one budget: nodes, from an empty table, on
 * one thread, with the best candidates scored; the time cap is a guard
 * only, and none at all under fixed budgets. */
static void test_helper_budget(void **state)
{
    (void)state;
    SessionSetup st = setup_of(MODE_TWO_PLAYERS, 0);
    SessionConfig cfg = {0, false, 0};
    Session *s = session_new(&cfg, &st);
    assert_int_equal(session_new_game(s, NULL, false, 0, NULL), SESSION_OK);
    session_set_active(s, true, 0);
    play(s, 7, 7, 0);
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_HELPER, &job));
    assert_int_equal(job.req.limits.max_nodes, SESSION_HELPER_NODES);
    assert_int_equal(job.req.limits.time_ms, SESSION_HELPER_SAFETY_MS);
    assert_int_equal(job.req.limits.fresh, 1);
    assert_int_equal(job.req.limits.threads, 1);
    assert_int_equal(job.req.limits.multi_pv, SESSION_HELPER_MULTI_PV);
    session_free(s);
    cfg = (SessionConfig){0, true, 12345};
    s = session_new(&cfg, &st);
    assert_int_equal(session_new_game(s, NULL, false, 0, NULL), SESSION_OK);
    session_set_active(s, true, 0);
    play(s, 7, 7, 0);
    assert_true(session_engine_job(s, SESSION_ENGINE_HELPER, &job));
    assert_int_equal(job.req.limits.max_nodes, 12345);
    assert_int_equal(job.req.limits.time_ms, 0);
    session_free(s);
}

/* Positions analysed in play are the review's: the same verdict, and not
 * searched again. */
static void test_review_takes_the_play_analysis(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play(s, 7, 7, 0);
    assert_true(answer(s, SESSION_ENGINE_HELPER, 10));
    AiInfo seen;
    bool done = false;
    assert_true(session_focus_analysis(s, &seen, &done) && done);
    play(s, 8, 8, 20);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    RecordEval e;
    assert_true(session_review_analysis(s, 1, &e)); /* taken at once */
    assert_true(move_equal(e.best, seen.best));
    assert_int_equal(e.score, seen.score);
    assert_int_equal(e.depth, seen.depth);
    assert_false(session_review_analysis(s, 0, &e)); /* never analysed */
    session_free(s);
}

/* A file's analysis names the best move only; the overlay asks for the
 * position's search (its ranked candidates), which then is the verdict. */
static void test_file_analysis_and_the_overlay(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play_black_win(s, 0);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    analyse_all(s);
    Record rec;
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    session_free(s);
    SessionConfig cfg = {0, true, 0};
    s = session_new(&cfg, NULL);
    char err[200];
    assert_int_equal(session_load(s, &rec, SESSION_LOAD_REVIEW, 0, err, sizeof err), SESSION_OK);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    session_review_goto(s, 4);
    SessionJob job;
    assert_false(session_engine_job(s, SESSION_ENGINE_HELPER, &job));
    AiInfo ana;
    bool done = false;
    assert_true(session_focus_analysis(s, &ana, &done) && done);
    assert_int_equal(ana.root_count, 1); /* the file's best move */
    session_set_analysis(s, true);
    assert_true(session_engine_job(s, SESSION_ENGINE_HELPER, &job));
    assert_int_equal(job.kind, SESSION_JOB_EVAL);
    assert_true(answer(s, SESSION_ENGINE_HELPER, 10));
    assert_true(session_analysis(s, &ana, &done) && done);
    RecordEval e;
    assert_true(session_review_analysis(s, 4, &e));
    assert_int_equal(e.score, ana.score);
    assert_true(move_equal(e.best, ana.best));
    session_free(s);
}

/* Black has an open three and plays far away: a missed win.  Show the win
 * plays black's win from the position before the move, the helper
 * defending, and ends on black's row. */
static void test_show_the_missed_win(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    static const int MOVES[][2] = {{6, 7}, {0, 0}, {7, 7}, {0, 2}, {8, 7}, {14, 0}, {14, 14}};
    for (size_t i = 0; i < sizeof MOVES / sizeof MOVES[0]; i++) {
        play(s, MOVES[i][0], MOVES[i][1], i);
    }
    assert_int_equal(session_review_begin(s), SESSION_OK);
    int guard = 0;
    while (answer_with(s, SESSION_ENGINE_HELPER, 10, SESSION_HELPER_NODES_FIXED) && guard++ < 20) {
    }
    SessionCoachMove cm;
    assert_true(session_review_coach(s, 6, &cm));
    assert_int_equal(cm.mark, SESSION_COACH_MISSED_WIN);
    /* Shown after the missed move (white to move): black's win, from 6. */
    assert_int_equal(session_review_win_from(s), 6);
    assert_int_equal(session_review_line_start(s, 6), SESSION_OK);
    assert_int_equal(session_review_pos(s), 6);
    Move line[SESSION_LINE_MAX_SHOWN];
    int len = 0, from = -1;
    SessionLineState st = session_review_line(s, line, SESSION_LINE_MAX_SHOWN, &len, &from);
    assert_int_equal(st, SESSION_LINE_WORKING);
    assert_int_equal(from, 6);
    assert_int_equal(len, 1);
    assert_true(move_equal(line[0], cm.best)); /* the coach's "Best" */
    guard = 0;
    while (answer_with(s, SESSION_ENGINE_HELPER, 10, SESSION_HELPER_NODES_FIXED) && guard++ < 60) {
    }
    st = session_review_line(s, line, SESSION_LINE_MAX_SHOWN, &len, &from);
    assert_int_equal(st, SESSION_LINE_DONE);
    assert_true(len % 2 == 1); /* black moved first and last */
    Board b;
    session_review_board(s, 6, &b);
    for (int i = 0; i < len; i++) {
        assert_int_equal(board_get(&b, line[i].x, line[i].y), STONE_EMPTY);
        board_set(&b, line[i].x, line[i].y, i % 2 == 0 ? STONE_BLACK : STONE_WHITE);
    }
    Move row[BOARD_MAX_SIZE];
    int n = session_review_line_row(s, row, BOARD_MAX_SIZE);
    assert_int_equal(n, 5);
    for (int i = 0; i < n; i++) {
        assert_int_equal(board_get(&b, row[i].x, row[i].y), STONE_BLACK);
    }
    /* The same line every time. */
    Move again[SESSION_LINE_MAX_SHOWN];
    int len2 = 0;
    session_review_line_stop(s);
    assert_int_equal(session_review_line(s, again, SESSION_LINE_MAX_SHOWN, &len2, &from),
                     SESSION_LINE_NONE);
    assert_int_equal(session_review_line_start(s, 6), SESSION_OK);
    guard = 0;
    while (answer_with(s, SESSION_ENGINE_HELPER, 10, SESSION_HELPER_NODES_FIXED) && guard++ < 60) {
    }
    assert_int_equal(session_review_line(s, again, SESSION_LINE_MAX_SHOWN, &len2, &from),
                     SESSION_LINE_DONE);
    assert_int_equal(len2, len);
    assert_memory_equal(again, line, sizeof(Move) * (size_t)len);
    session_free(s);
}

static void test_review_analysis_cancel_and_resume(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play_black_win(s, 0);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    assert_true(answer(s, SESSION_ENGINE_HELPER, 10));
    int done = session_review_evaluated(s);
    session_review_set_analysing(s, false);
    assert_false(session_review_analysing(s));
    SessionJob job;
    assert_false(session_engine_job(s, SESSION_ENGINE_HELPER, &job));
    assert_int_equal(session_review_evaluated(s), done); /* what is analysed stays */
    session_review_set_analysing(s, true);
    assert_true(session_engine_job(s, SESSION_ENGINE_HELPER, &job));
    analyse_all(s);
    assert_int_equal(session_review_evaluated(s), 10);
    session_free(s);
}

static void test_continue_from_review(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play_black_win(s, 0);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    assert_int_equal(session_review_continue(s, MODE_COMPUTER_BLACK, 10), SESSION_ERR_ARGS);
    session_review_goto(s, 4);
    assert_int_equal(session_review_continue(s, MODE_COMPUTER_BLACK, 10), SESSION_OK);
    assert_false(session_reviewing(s));
    assert_int_equal(moves(s), 4);
    assert_int_equal(session_result(s), GAME_ONGOING);
    assert_int_equal(session_setup(s).mode, MODE_COMPUTER_BLACK);
    /* Black, the computer, is to move. */
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_int_equal(job.kind, SESSION_JOB_MOVE);
    assert_int_equal(session_review_continue(s, MODE_TWO_PLAYERS, 20), SESSION_ERR_NO_GAME);
    session_free(s);
}

static void test_custom_ai(void **state)
{
    (void)state;
    SessionSetup st = setup_of(MODE_COMPUTER_BLACK, 0);
    st.custom = true;
    st.custom_ai = (AiCustom){4, 7, 1500, 2};
    Session *s = session_new(NULL, &st);
    assert_int_equal(session_new_game(s, NULL, false, 0, NULL), SESSION_OK);
    session_set_active(s, true, 0);
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_int_equal(job.req.limits.max_depth, 4);
    assert_int_equal(job.req.limits.breadth, 7);
    assert_int_equal(job.req.limits.time_ms, 1500);
    assert_int_equal(job.req.limits.threads, 2);
    assert_int_equal(job.req.limits.strict_breadth, 1);
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 10));
    Record rec;
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_string_equal(rec.preset, "Custom depth=4,breadth=7,time=1500,threads=2");
    session_free(s);
    /* Read back into a session set up otherwise. */
    s = session_new(NULL, NULL);
    char err[200];
    assert_int_equal(session_load(s, &rec, SESSION_LOAD_RESUME, 0, err, sizeof err), SESSION_OK);
    SessionSetup back = session_setup(s);
    assert_true(back.custom);
    assert_memory_equal(&back.custom_ai, &st.custom_ai, sizeof st.custom_ai);
    /* A preset's name turns Custom off again. */
    record_set_text(rec.preset, "Hard");
    assert_int_equal(session_load(s, &rec, SESSION_LOAD_RESUME, 0, err, sizeof err), SESSION_OK);
    assert_false(session_setup(s).custom);
    assert_int_equal(session_setup(s).preset, AI_PRESET_HARD);
    session_free(s);
}

static void test_undo_clears_the_engine_line(void **state)
{
    (void)state;
    Session *s = start(MODE_HUMAN_BLACK, 0);
    play(s, 7, 7, 0);
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 10));
    AiInfo info;
    Stone searched = STONE_EMPTY;
    assert_true(session_engine_report_side(s, &info, &searched));
    assert_int_equal(searched, STONE_WHITE);
    assert_int_equal(session_undo(s, 20), SESSION_OK);
    assert_false(session_engine_report(s, &info));
    assert_int_equal(session_redo(s, 30), SESSION_OK);
    assert_false(session_engine_report(s, &info));
    /* A new game and a loaded one start with no line. */
    play_free(s, 5, 5, 35);
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 40));
    assert_true(session_engine_report(s, &info));
    Record rec;
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_int_equal(session_new_game(s, NULL, false, 50, NULL), SESSION_OK);
    assert_false(session_engine_report(s, &info));
    play(s, 7, 7, 60);
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 70));
    assert_true(session_engine_report(s, &info));
    char err[200];
    assert_int_equal(session_load(s, &rec, SESSION_LOAD_RESUME, 80, err, sizeof err), SESSION_OK);
    assert_false(session_engine_report(s, &info));
    session_free(s);

    /* The computer's winning move: its line ends with the game. */
    s = start(MODE_COMPUTER_BLACK, 0);
    static const int WHITE[4][2] = {{0, 0}, {0, 2}, {0, 4}, {0, 6}};
    for (int i = 0; i < 4; i++) {
        assert_true(answer(s, SESSION_ENGINE_PLAYER, 100 + 10 * (uint64_t)i));
        play(s, WHITE[i][0], WHITE[i][1], 105 + 10 * (uint64_t)i);
    }
    while (session_result(s) == GAME_ONGOING && answer(s, SESSION_ENGINE_PLAYER, 200)) {
        if (session_result(s) == GAME_ONGOING) {
            play_free(s, 0, 8, 205);
        }
    }
    assert_int_equal(session_result(s), GAME_BLACK_WINS);
    assert_false(session_engine_report(s, &info));
    assert_false(session_engine_report_side(s, &info, &searched));
    session_free(s);
}

static void test_review_stops_the_computer(void **state)
{
    (void)state;
    Session *s = start(MODE_HUMAN_BLACK, 0);
    play(s, 7, 7, 0);
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_int_equal(session_review_begin(s), SESSION_OK);
    SessionJob none;
    assert_false(session_engine_job(s, SESSION_ENGINE_PLAYER, &none));
    AiInfo info = info_playing((Move){8, 8});
    assert_false(session_engine_result(s, job.gen, 0, &info, 10));
    assert_int_equal(moves(s), 1);
    /* Back from review: the computer answers. */
    session_review_end(s);
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_int_equal(job.kind, SESSION_JOB_MOVE);
    session_free(s);
}

/* ---- records and the autosave ------------------------------------------------------- */

static void test_snapshot_and_resume(void **state)
{
    (void)state;
    Session *s = start(MODE_HUMAN_BLACK, 5);
    drain(s);
    play(s, 7, 7, 3000);
    assert_true(saw(s, SESSION_EVENT_AUTOSAVE, NULL));
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 4000));
    play_free(s, 6, 6, 9000);
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    Record rec;
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_int_equal(rec.count, 3);
    assert_int_equal(rec.time_ms[0], 3000);
    assert_int_equal(rec.time_ms[1], 1000);
    assert_int_equal(rec.time_ms[2], 5000);
    assert_int_equal(rec.black.kind, RECORD_PLAYER_HUMAN);
    assert_int_equal(rec.white.kind, RECORD_PLAYER_COMPUTER);
    assert_string_equal(rec.white.name, "Computer");
    assert_string_equal(rec.preset, "Beginner");
    assert_string_equal(rec.date, "2026-11-24T10:00:00Z");
    assert_int_equal(rec.clock_ms, 300000);
    assert_int_equal(rec.result, GAME_ONGOING);
    session_free(s);

    /* The next start: resumed from the autosave into a fresh session. */
    SessionSetup other = setup_of(MODE_TWO_PLAYERS, 0);
    other.preset = AI_PRESET_MASTER;
    s = session_new(NULL, &other);
    char err[200];
    assert_int_equal(session_load(s, &rec, SESSION_LOAD_RESUME, 50, err, sizeof err), SESSION_OK);
    session_set_active(s, true, 50);
    SessionSetup now = session_setup(s);
    assert_int_equal(now.mode, MODE_HUMAN_BLACK);
    assert_int_equal(now.preset, AI_PRESET_BEGINNER);
    assert_int_equal(now.clock_min, 5);
    assert_int_equal(moves(s), 3);
    assert_int_equal(session_clock_ms(s, STONE_BLACK), 300000 - 3000 - 5000);
    assert_int_equal(session_clock_ms(s, STONE_WHITE), 300000 - 1000);
    /* White (the computer) is to move: it thinks again. */
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    Record again;
    assert_int_equal(session_to_record(s, &again), SESSION_OK);
    assert_int_equal(again.count, rec.count);
    assert_memory_equal(again.moves, rec.moves, sizeof(Move) * (size_t)rec.count);
    assert_memory_equal(again.time_ms, rec.time_ms, sizeof(int32_t) * (size_t)rec.count);
    /* A resumed game counts when it ends. */
    assert_true(answer(s, SESSION_ENGINE_PLAYER, 60));
    session_free(s);
}

static void test_load_refuses_a_bad_record(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    play(s, 7, 7, 0);
    Record rec;
    record_init(&rec, 15, (Rules){RULE_FREESTYLE, 5});
    record_add_move(&rec, (Move){3, 3}, -1);
    record_add_move(&rec, (Move){3, 3}, -1); /* the same point twice */
    char err[200] = "";
    assert_int_equal(session_load(s, &rec, SESSION_LOAD_REVIEW, 10, err, sizeof err),
                     SESSION_ERR_ARGS);
    assert_true(strlen(err) > 0);
    assert_int_equal(moves(s), 1); /* the game is untouched */
    session_free(s);
}

static void test_autosave_events(void **state)
{
    (void)state;
    Session *s = session_new(NULL, NULL);
    assert_int_equal(session_new_game(s,
                                      &(SessionSetup){15,
                                                      {RULE_FREESTYLE, 5},
                                                      MODE_TWO_PLAYERS,
                                                      AI_PRESET_EASY,
                                                      0,
                                                      false,
                                                      {6, 12, 2000, 1},
                                                      RECORD_OPENING_STANDARD},
                                      false, 0, NULL),
                     SESSION_OK);
    /* An empty board: nothing to resume. */
    assert_true(saw(s, SESSION_EVENT_AUTOSAVE_CLEAR, NULL));
    session_set_active(s, true, 0);
    play(s, 7, 7, 10);
    assert_true(saw(s, SESSION_EVENT_AUTOSAVE, NULL));
    assert_true(session_resumable(s));
    /* Review does not rewrite it. */
    assert_int_equal(session_review_begin(s), SESSION_OK);
    session_review_goto(s, 0);
    assert_false(saw(s, SESSION_EVENT_AUTOSAVE, NULL));
    session_review_end(s);
    session_end(s);
    assert_null(session_game(s));
    assert_false(session_resumable(s));
    session_free(s);
}

static void test_event_ring_keeps_the_newest(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, 0);
    for (int i = 0; i < 40; i++) {
        play(s, i % 15, i / 15, (uint64_t)i);
    }
    SessionEvent ev, last = {0};
    int n = 0;
    while (session_next_event(s, &ev)) {
        last = ev;
        n++;
    }
    assert_true(n > 0 && n <= 32);
    assert_int_equal(last.kind, SESSION_EVENT_AUTOSAVE); /* the newest survived */
    session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup_sanitized),
        cmocka_unit_test(test_turns_against_the_computer),
        cmocka_unit_test(test_renju_forbidden_refused),
        cmocka_unit_test(test_undo_during_search_drops_the_answer),
        cmocka_unit_test(test_undo_against_computer_goes_to_the_persons_move),
        cmocka_unit_test(test_no_undo_between_computers),
        cmocka_unit_test(test_undo_after_the_end_uncounts),
        cmocka_unit_test(test_score_runs_across_rematches),
        cmocka_unit_test(test_loaded_game_never_counts),
        cmocka_unit_test(test_clock_charges_the_side_to_move),
        cmocka_unit_test(test_flag_falls),
        cmocka_unit_test(test_computer_keeps_within_its_clock),
        cmocka_unit_test(test_stale_answers_after_new_game_and_scene_change),
        cmocka_unit_test(test_paused_starts_nothing_but_finishes),
        cmocka_unit_test(test_computer_vs_computer_is_paced),
        cmocka_unit_test(test_engine_failure_is_reported),
        cmocka_unit_test(test_hint),
        cmocka_unit_test(test_analysis),
        cmocka_unit_test(test_review),
        cmocka_unit_test(test_review_stops_the_computer),
        cmocka_unit_test(test_review_analysis_is_saved),
        cmocka_unit_test(test_opened_record_analysis_is_saved),
        cmocka_unit_test(test_review_analysis_cancel_and_resume),
        cmocka_unit_test(test_review_overlay_is_the_coach),
        cmocka_unit_test(test_helper_budget),
        cmocka_unit_test(test_review_takes_the_play_analysis),
        cmocka_unit_test(test_file_analysis_and_the_overlay),
        cmocka_unit_test(test_show_the_missed_win),
        cmocka_unit_test(test_hint_follows_the_analysis),
        cmocka_unit_test(test_continue_from_review),
        cmocka_unit_test(test_undo_clears_the_engine_line),
        cmocka_unit_test(test_custom_ai),
        cmocka_unit_test(test_snapshot_and_resume),
        cmocka_unit_test(test_load_refuses_a_bad_record),
        cmocka_unit_test(test_autosave_events),
        cmocka_unit_test(test_event_ring_keeps_the_newest),
    };
    return cmocka_run_group_tests(tests, setup_engine, teardown_engine);
}
