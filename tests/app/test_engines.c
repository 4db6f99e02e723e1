/*
 * test_engines.c - the app's side of a remote seat (engines.h): the
 * session's remote jobs go to the transport, once each, never to an engine
 * search; the transport's answer plays through the session's one answer
 * path; with no transport, or one that refuses, the seat is reported as
 * unable to answer and nothing is searched for it; an engine's answer
 * whose event SDL refuses still reaches the session.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <SDL.h>

#include "engines.h"
#include "platform/ai_worker.h"
#include "session/session_seat.h"

/* A transport that notes what it is given. */
typedef struct Wire {
    int started, cancelled, refuse;
    SessionJob last;
    uint32_t cancelled_gen;
} Wire;

static int wire_start(void *user, const SessionJob *job)
{
    Wire *w = user;
    if (w->refuse) {
        return -1;
    }
    w->started++;
    w->last = *job;
    return 0;
}

static void wire_cancel(void *user, uint32_t gen)
{
    Wire *w = user;
    w->cancelled++;
    w->cancelled_gen = gen;
}

/* A person (black) against second, on screen at t = 0. */
static Session *human_vs(SessionSeat second)
{
    SessionSetup st = session_default_setup();
    st.mode = MODE_TWO_PLAYERS;
    SessionConfig cfg = {0, true, 0};
    Session *s = session_new(&cfg, &st);
    assert_non_null(s);
    SessionSeat seats[SESSION_ROLE_COUNT] = {session_seat_make(SESSION_SEAT_HUMAN), second};
    assert_int_equal(session_seat_new_game(s, NULL, seats, false, 0, "2026-12-01T10:00:00Z"),
                     SESSION_OK);
    session_set_active(s, true, 0);
    return s;
}

static Session *human_vs_remote(void)
{
    return human_vs(session_seat_make(SESSION_SEAT_REMOTE));
}

static int moves(const Session *s)
{
    return game_move_count(session_game(s));
}

static bool saw_event(Session *s, SessionEventKind kind)
{
    bool seen = false;
    SessionEvent ev;
    while (session_next_event(s, &ev)) {
        seen = seen || ev.kind == kind;
    }
    return seen;
}

static void sync(Engines *e, Session *s, uint64_t now_ms)
{
    char err[256];
    assert_int_equal(engines_sync(e, s, now_ms, err, sizeof err), 0);
}

static void test_remote_job_goes_to_the_transport(void **state)
{
    Engines *e = *state;
    Wire wire = {0};
    EnginesRemote r = {wire_start, wire_cancel, &wire};
    engines_set_remote(e, &r);
    Session *s = human_vs_remote();
    assert_int_equal(session_play(s, (Move){7, 7}, 100, NULL), SESSION_OK);
    sync(e, s, 110);
    assert_int_equal(wire.started, 1);
    assert_int_equal(wire.last.kind, SESSION_JOB_REMOTE);
    assert_int_equal(board_get(&wire.last.req.board, 7, 7), STONE_BLACK);
    /* The same job is not handed over twice. */
    sync(e, s, 120);
    assert_int_equal(wire.started, 1);
    /* The answer plays through the session's one path, by generation. */
    AiInfo info;
    memset(&info, 0, sizeof info);
    info.best = (Move){8, 8};
    assert_false(session_engine_result(s, wire.last.gen + 1, 0, &info, 130));
    assert_true(session_engine_result(s, wire.last.gen, 0, &info, 130));
    assert_int_equal(moves(s), 2);
    assert_int_equal(board_get(game_board(session_game(s)), 8, 8), STONE_WHITE);
    assert_true(session_humans_turn(s));
    sync(e, s, 140);
    assert_int_equal(wire.started, 1);
    /* A job left unanswered when the position changes is cancelled. */
    assert_int_equal(session_play(s, (Move){6, 6}, 150, NULL), SESSION_OK);
    sync(e, s, 160);
    assert_int_equal(wire.started, 2);
    uint32_t pending = wire.last.gen;
    assert_int_equal(session_undo(s, 170), SESSION_OK);
    sync(e, s, 180);
    assert_true(wire.cancelled >= 1);
    assert_int_equal(wire.cancelled_gen, pending);
    engines_set_remote(e, NULL);
    session_free(s);
}

/* No transport, or one that will not take the job: the session hears at
 * once that the seat cannot answer, and no engine plays for it. */
static void test_remote_without_transport(void **state)
{
    Engines *e = *state;
    for (int refuse = 0; refuse < 2; refuse++) {
        Wire wire = {0};
        wire.refuse = refuse;
        EnginesRemote r = {wire_start, wire_cancel, &wire};
        engines_set_remote(e, refuse ? &r : NULL);
        Session *s = human_vs_remote();
        assert_int_equal(session_play(s, (Move){7, 7}, 100, NULL), SESSION_OK);
        (void)saw_event(s, SESSION_EVENT_ENGINE_FAILED);
        sync(e, s, 110);
        assert_true(saw_event(s, SESSION_EVENT_ENGINE_FAILED));
        /* Not asked again until the position changes, and nothing played. */
        sync(e, s, 120);
        SDL_Delay(200);
        SDL_Event ev;
        while (SDL_PollEvent(&ev)) {
            (void)engines_on_event(e, s, &ev, 130);
        }
        assert_false(saw_event(s, SESSION_EVENT_ENGINE_FAILED));
        assert_int_equal(moves(s), 1);
        assert_int_equal(wire.started, 0);
        session_free(s);
    }
    engines_set_remote(e, NULL);
}

/* Runs on the search thread, inside SDL_PushEvent. */
static int refuse_answers(void *user, SDL_Event *ev)
{
    (void)user;
    return ev->type != ai_worker_event_type();
}

/* The event queue may refuse an answer (full, or a filter): the answer
 * still reaches the session, at the next engines_sync, and nothing waits
 * for ever. */
static void test_refused_answer_still_arrives(void **state)
{
    Engines *e = *state;
    Session *s = human_vs(session_seat_engine(AI_PRESET_BEGINNER)); /* moves in milliseconds */
    SDL_SetEventFilter(refuse_answers, NULL);
    assert_int_equal(session_play(s, (Move){7, 7}, 100, NULL), SESSION_OK);
    sync(e, s, 110);
    assert_true(session_thinking(s));
    /* Only a guard against a hang: a beginner's move takes milliseconds. */
    for (int i = 0; i < 6000 && moves(s) < 2; i++) {
        SDL_Delay(10);
        SDL_Event ev;
        while (SDL_PollEvent(&ev)) {
            assert_false(engines_on_event(e, s, &ev, 120)); /* none came as an event */
        }
        sync(e, s, 120);
    }
    SDL_SetEventFilter(NULL, NULL);
    assert_int_equal(moves(s), 2);
    assert_false(session_thinking(s));
    assert_true(session_humans_turn(s));
    session_free(s);
}

static int setup(void **state)
{
    if (SDL_Init(SDL_INIT_EVENTS) != 0) {
        return -1;
    }
    char err[256];
    Engines *e = engines_new(false, err, sizeof err);
    if (e == NULL) {
        return -1;
    }
    *state = e;
    return 0;
}

static int teardown(void **state)
{
    engines_free(*state);
    SDL_Quit();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_remote_job_goes_to_the_transport),
        cmocka_unit_test(test_remote_without_transport),
        cmocka_unit_test(test_refused_answer_still_arrives),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
