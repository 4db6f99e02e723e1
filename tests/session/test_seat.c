/*
 * test_seat.c - the seats of a game (session_seat.h): the mapping from a
 * PlayerMode to two seats, in a standard game and under swap and swap2; a
 * game's own seats (each engine at its own level); a scripted defender
 * answering from its table without an engine job, a script with no answer
 * (it ends, or the seat's engine answers), a scripted reply dropped by an
 * undo; a remote seat's jobs answered by generation (stale, illegal and
 * failed answers); undo against a script and a remote player; records of
 * such games saved and loaded back.
 *
 * Time is whatever the test says it is; every answer is made up.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/record_text.h"
#include "session/session_seat.h"

/* ---- helpers ---------------------------------------------------------------- */

static SessionSetup setup_of(PlayerMode mode, RecordOpening opening)
{
    SessionSetup st = session_default_setup();
    st.mode = mode;
    st.preset = AI_PRESET_BEGINNER;
    st.opening = opening;
    return st;
}

static Session *session_for(PlayerMode mode, RecordOpening opening)
{
    SessionSetup st = setup_of(mode, opening);
    SessionConfig cfg = {0, true, 0};
    Session *s = session_new(&cfg, &st);
    assert_non_null(s);
    return s;
}

/* A game of mode, shown on screen at t = 0. */
static Session *start_mode(PlayerMode mode, RecordOpening opening)
{
    Session *s = session_for(mode, opening);
    assert_int_equal(session_new_game(s, NULL, false, 0, "2026-12-01T10:00:00Z"), SESSION_OK);
    session_set_active(s, true, 0);
    return s;
}

/* A standard game whose first and second seats are first and second. */
static Session *start_seats(SessionSeat first, SessionSeat second)
{
    Session *s = session_for(MODE_TWO_PLAYERS, RECORD_OPENING_STANDARD);
    SessionSeat seats[SESSION_ROLE_COUNT] = {first, second};
    assert_int_equal(session_seat_new_game(s, NULL, seats, false, 0, "2026-12-01T10:00:00Z"),
                     SESSION_OK);
    session_set_active(s, true, 0);
    return s;
}

static int moves(const Session *s)
{
    return game_move_count(session_game(s));
}

static Stone stone_at(const Session *s, int x, int y)
{
    return board_get(game_board(session_game(s)), x, y);
}

static void play(Session *s, int x, int y, uint64_t now_ms)
{
    assert_int_equal(session_play(s, (Move){(int8_t)x, (int8_t)y}, now_ms, NULL), SESSION_OK);
}

static void drain(Session *s)
{
    SessionEvent ev;
    while (session_next_event(s, &ev)) {
    }
}

/* Returns how many events of kind are queued (consuming the queue); the
 * first is written to *found. */
static int count_events(Session *s, SessionEventKind kind, SessionEvent *found)
{
    SessionEvent ev;
    int n = 0;
    while (session_next_event(s, &ev)) {
        if (ev.kind == kind && n++ == 0 && found != NULL) {
            *found = ev;
        }
    }
    return n;
}

static AiInfo info_playing(Move m)
{
    AiInfo info;
    memset(&info, 0, sizeof info);
    info.best = m;
    return info;
}

static SessionJob player_job(const Session *s, SessionJobKind kind)
{
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_int_equal(job.kind, kind);
    return job;
}

static bool has_job(const Session *s, SessionEngine e)
{
    SessionJob job;
    return session_engine_job(s, e, &job);
}

/* The limits of a level, the per-search seed aside. */
static void assert_level(AiLimits got, AiLimits want)
{
    assert_int_equal(got.max_depth, want.max_depth);
    assert_int_equal(got.max_nodes, want.max_nodes);
    assert_int_equal(got.time_ms, want.time_ms);
    assert_int_equal(got.breadth, want.breadth);
    assert_int_equal(got.miss_three_pct, want.miss_three_pct);
    assert_int_equal(got.plain_eval, want.plain_eval);
}

static bool levels_differ(AiLimits a, AiLimits b)
{
    return a.max_depth != b.max_depth || a.max_nodes != b.max_nodes || a.time_ms != b.time_ms ||
           a.breadth != b.breadth || a.miss_three_pct != b.miss_three_pct;
}

/* ---- the mapping from a mode ------------------------------------------------- */

static void test_mode_to_seats(void **state)
{
    (void)state;
    static const struct {
        PlayerMode mode;
        SessionSeatKind first, second;
    } table[] = {
        {MODE_HUMAN_BLACK, SESSION_SEAT_HUMAN, SESSION_SEAT_ENGINE},
        {MODE_COMPUTER_BLACK, SESSION_SEAT_ENGINE, SESSION_SEAT_HUMAN},
        {MODE_TWO_PLAYERS, SESSION_SEAT_HUMAN, SESSION_SEAT_HUMAN},
        {MODE_AI_VS_AI, SESSION_SEAT_ENGINE, SESSION_SEAT_ENGINE},
    };
    AiCustom custom = ai_custom_default();
    custom.depth = 3;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        SessionSeat seat[SESSION_ROLE_COUNT];
        session_seat_from_mode(table[i].mode, AI_PRESET_HARD, false, custom, seat);
        assert_int_equal(seat[SESSION_ROLE_FIRST].kind, table[i].first);
        assert_int_equal(seat[SESSION_ROLE_SECOND].kind, table[i].second);
        for (int r = 0; r < SESSION_ROLE_COUNT; r++) {
            assert_int_equal(seat[r].preset, AI_PRESET_HARD);
            assert_false(seat[r].custom);
            assert_null(seat[r].script);
        }
        assert_int_equal(session_seat_mode(seat), table[i].mode);

        /* The Custom AI is carried to the computer's seat. */
        session_seat_from_mode(table[i].mode, AI_PRESET_EASY, true, custom, seat);
        assert_true(seat[SESSION_ROLE_FIRST].custom);
        assert_int_equal(seat[SESSION_ROLE_FIRST].custom_ai.depth, 3);

        /* A session of that mode has those seats, and says so by colour. */
        Session *s = start_mode(table[i].mode, RECORD_OPENING_STANDARD);
        assert_false(session_seat_explicit(s));
        assert_int_equal(session_seat_get(s, SESSION_ROLE_FIRST).kind, table[i].first);
        assert_int_equal(session_seat_get(s, SESSION_ROLE_SECOND).kind, table[i].second);
        assert_int_equal(session_seat_of_side(s, STONE_BLACK).kind, table[i].first);
        assert_int_equal(session_seat_of_side(s, STONE_WHITE).kind, table[i].second);
        assert_int_equal(session_seat_get(s, SESSION_ROLE_SECOND).preset, AI_PRESET_BEGINNER);
        assert_int_equal(session_is_computer(s, STONE_BLACK), table[i].first != SESSION_SEAT_HUMAN);
        SessionSeat decider;
        assert_true(session_seat_decider(s, &decider));
        assert_int_equal(decider.kind, table[i].first);
        session_free(s);
    }
    /* A remote or scripted seat is not a person's. */
    SessionSeat mixed[SESSION_ROLE_COUNT] = {session_seat_make(SESSION_SEAT_REMOTE),
                                             session_seat_make(SESSION_SEAT_HUMAN)};
    assert_int_equal(session_seat_mode(mixed), MODE_COMPUTER_BLACK);
    assert_int_equal(session_seat_record_kind(SESSION_SEAT_REMOTE), RECORD_PLAYER_HUMAN);
    assert_int_equal(session_seat_record_kind(SESSION_SEAT_SCRIPTED), RECORD_PLAYER_COMPUTER);
    assert_int_equal(session_seat_record_kind(SESSION_SEAT_ENGINE), RECORD_PLAYER_COMPUTER);
    assert_int_equal(session_seat_record_kind(SESSION_SEAT_HUMAN), RECORD_PLAYER_HUMAN);
}

static const Move OPENING3[3] = {{7, 7}, {8, 6}, {6, 8}};

/* Under swap the seats are roles: the colour each plays follows the
 * choice, the seat stays with its role. */
static void test_seats_are_roles_under_swap(void **state)
{
    (void)state;
    /* A person opens, the computer chooses black. */
    Session *s = start_mode(MODE_HUMAN_BLACK, RECORD_OPENING_SWAP);
    assert_int_equal(session_seat_of_side(s, STONE_BLACK).kind, SESSION_SEAT_HUMAN);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(session_play(s, OPENING3[i], 10, NULL), SESSION_OK);
    }
    SessionSeat decider;
    assert_true(session_seat_decider(s, &decider));
    assert_int_equal(decider.kind, SESSION_SEAT_ENGINE); /* the second player chooses */
    SessionJob job = player_job(s, SESSION_JOB_OPENING);
    AiOpening op;
    memset(&op, 0, sizeof op);
    op.action = AI_OPENING_TAKE_BLACK;
    assert_true(session_engine_opening_result(s, job.gen, 0, &op, 20));
    assert_int_equal(session_seat_of_side(s, STONE_BLACK).kind, SESSION_SEAT_ENGINE);
    assert_int_equal(session_seat_of_side(s, STONE_WHITE).kind, SESSION_SEAT_HUMAN);
    assert_int_equal(session_seat_get(s, SESSION_ROLE_FIRST).kind, SESSION_SEAT_HUMAN);
    assert_true(session_is_computer(s, STONE_BLACK));
    assert_true(session_humans_turn(s)); /* white's fourth stone is the person's */
    session_free(s);

    /* Swap2: the computer opens, the person places two more and the
     * computer, choosing again, takes white: black is the person's. */
    s = start_mode(MODE_COMPUTER_BLACK, RECORD_OPENING_SWAP2);
    assert_true(session_seat_decider(s, &decider));
    assert_int_equal(decider.kind, SESSION_SEAT_ENGINE);
    job = player_job(s, SESSION_JOB_OPENING);
    memset(&op, 0, sizeof op);
    op.action = AI_OPENING_PLACE;
    op.count = 3;
    memcpy(op.stones, OPENING3, sizeof OPENING3);
    assert_true(session_engine_opening_result(s, job.gen, 0, &op, 10));
    assert_int_equal(session_choose(s, RECORD_CHOICE_PLACE_TWO, 20), SESSION_OK);
    play(s, 9, 9, 30);
    play(s, 5, 5, 40);
    job = player_job(s, SESSION_JOB_OPENING);
    memset(&op, 0, sizeof op);
    op.action = AI_OPENING_TAKE_WHITE;
    op.count = 1;
    op.stones[0] = (Move){10, 10};
    assert_true(session_engine_opening_result(s, job.gen, 0, &op, 50));
    assert_int_equal(session_seat_of_side(s, STONE_BLACK).kind, SESSION_SEAT_HUMAN);
    assert_int_equal(session_seat_of_side(s, STONE_WHITE).kind, SESSION_SEAT_ENGINE);
    assert_true(session_humans_turn(s));
    session_free(s);
}

/* ---- a game's own seats ------------------------------------------------------- */

static void test_explicit_seats(void **state)
{
    (void)state;
    AiLimits weak = ai_preset_limits(AI_PRESET_BEGINNER);
    AiLimits strong = ai_preset_limits(AI_PRESET_HARD);
    assert_true(levels_differ(weak, strong));
    /* Each engine searches at its own seat's level. */
    Session *s =
        start_seats(session_seat_engine(AI_PRESET_BEGINNER), session_seat_engine(AI_PRESET_HARD));
    assert_true(session_seat_explicit(s));
    assert_int_equal(session_setup(s).mode, MODE_AI_VS_AI);
    assert_false(session_can_undo(s)); /* nobody at the board */
    SessionJob job = player_job(s, SESSION_JOB_MOVE);
    assert_level(job.req.limits, weak);
    AiInfo info = info_playing((Move){7, 7});
    assert_true(session_engine_result(s, job.gen, 0, &info, 10));
    job = player_job(s, SESSION_JOB_MOVE);
    assert_int_equal(job.req.to_move, STONE_WHITE);
    assert_level(job.req.limits, strong);

    /* A rematch keeps the seats; a new setup goes by its mode. */
    assert_int_equal(session_new_game(s, NULL, true, 20, NULL), SESSION_OK);
    assert_true(session_seat_explicit(s));
    assert_int_equal(session_seat_get(s, SESSION_ROLE_SECOND).preset, AI_PRESET_HARD);
    SessionSetup st = setup_of(MODE_HUMAN_BLACK, RECORD_OPENING_STANDARD);
    assert_int_equal(session_new_game(s, &st, false, 30, NULL), SESSION_OK);
    assert_false(session_seat_explicit(s));
    assert_int_equal(session_seat_get(s, SESSION_ROLE_FIRST).kind, SESSION_SEAT_HUMAN);
    assert_int_equal(session_seat_get(s, SESSION_ROLE_SECOND).preset, AI_PRESET_BEGINNER);

    /* A seat that cannot play is refused and nothing changes. */
    SessionSeat bad[SESSION_ROLE_COUNT] = {session_seat_make(SESSION_SEAT_HUMAN),
                                           session_seat_scripted(NULL, AI_PRESET_EASY)};
    assert_int_equal(session_seat_new_game(s, NULL, bad, false, 40, NULL), SESSION_ERR_ARGS);
    bad[1] = session_seat_make((SessionSeatKind)42);
    assert_int_equal(session_seat_new_game(s, NULL, bad, false, 40, NULL), SESSION_ERR_ARGS);
    assert_false(session_seat_explicit(s));
    assert_int_equal(session_setup(s).mode, MODE_HUMAN_BLACK);
    session_free(s);

    /* A person against a remote player reads as a person against the
     * computer: one person, the other side not theirs. */
    s = start_seats(session_seat_make(SESSION_SEAT_HUMAN), session_seat_make(SESSION_SEAT_REMOTE));
    assert_int_equal(session_setup(s).mode, MODE_HUMAN_BLACK);
    assert_true(session_one_human(s));
    assert_true(session_is_computer(s, STONE_WHITE));
    assert_false(session_first_is_computer(s));
    session_free(s);
}

/* ---- the scripted defender --------------------------------------------------- */

static const Move LINE_A[] = {{7, 7}};
static const Move LINE_B[] = {{7, 7}, {8, 8}, {7, 8}};
/* Reached by 7,7 8,8 6,6 as well: the script is keyed by the position. */
static const Move LINE_C[] = {{6, 6}, {8, 8}, {7, 7}};
static const Move LINE_BAD[] = {{3, 3}};
static const SessionScriptLine LINES[] = {
    {LINE_A, 1, {8, 8}},
    {LINE_B, 3, {7, 9}},
    {LINE_C, 3, {5, 5}},
    {LINE_BAD, 1, {3, 3}}, /* an occupied point: no reply */
};

static Session *start_puzzle(const SessionScript *script)
{
    return start_seats(session_seat_make(SESSION_SEAT_HUMAN),
                       session_seat_scripted(script, AI_PRESET_HARD));
}

/* The person plays (x, y) at t; the script's reply waits for the tick. */
static void play_and_tick(Session *s, int x, int y, uint64_t t)
{
    play(s, x, y, t);
    assert_true(session_thinking(s));
    assert_false(session_humans_turn(s));
    assert_false(has_job(s, SESSION_ENGINE_PLAYER)); /* no engine is asked */
    assert_false(has_job(s, SESSION_ENGINE_HELPER));
    assert_int_equal(session_next_tick_ms(s, t), 0);
    drain(s);
    session_tick(s, t + 5);
}

static void test_scripted_defender_answers(void **state)
{
    (void)state;
    SessionScript script = {LINES, 4, SESSION_SCRIPT_MISS_END};
    assert_true(move_equal(session_seat_script_reply(&script, &(Board){.size = 15}), MOVE_NONE));
    assert_true(move_equal(session_seat_script_reply(NULL, &(Board){.size = 15}), MOVE_NONE));
    Session *s = start_puzzle(&script);
    assert_int_equal(session_setup(s).mode, MODE_HUMAN_BLACK);
    assert_true(session_humans_turn(s));
    play_and_tick(s, 7, 7, 100);
    assert_int_equal(moves(s), 2);
    assert_int_equal(stone_at(s, 8, 8), STONE_WHITE);
    assert_true(session_humans_turn(s));
    assert_false(session_thinking(s));
    drain(s);
    play(s, 7, 8, 200);
    SessionEvent ev = {0};
    session_tick(s, 205);
    assert_int_equal(count_events(s, SESSION_EVENT_PLACED, &ev), 2);
    assert_true(ev.by_computer == false); /* the person's stone first */
    assert_int_equal(stone_at(s, 7, 9), STONE_WHITE);
    assert_true(session_humans_turn(s));

    /* Undo goes back over the script's reply to the person's move. */
    assert_int_equal(session_undo(s, 300), SESSION_OK);
    assert_int_equal(moves(s), 2);
    assert_true(session_humans_turn(s));
    /* Another order to a position the script knows. */
    play_and_tick(s, 6, 6, 400);
    assert_int_equal(moves(s), 4);
    assert_int_equal(stone_at(s, 5, 5), STONE_WHITE);
    assert_int_equal(session_undo(s, 500), SESSION_OK);
    assert_int_equal(session_undo(s, 510), SESSION_OK);
    assert_int_equal(moves(s), 0);
    assert_false(session_can_undo(s));
    session_free(s);
}

static void test_scripted_reply_placed_event(void **state)
{
    (void)state;
    SessionScript script = {LINES, 4, SESSION_SCRIPT_MISS_END};
    Session *s = start_puzzle(&script);
    play(s, 7, 7, 100);
    drain(s);
    session_tick(s, 150);
    SessionEvent ev = {0};
    assert_int_equal(count_events(s, SESSION_EVENT_PLACED, &ev), 1);
    assert_true(ev.by_computer);
    assert_true(move_equal(ev.move, (Move){8, 8}));
    /* Its thinking time is the wait for the tick. */
    Record rec;
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_int_equal(rec.time_ms[1], 50);
    session_free(s);
}

static void test_script_without_answer_ends(void **state)
{
    (void)state;
    SessionScript script = {LINES, 4, SESSION_SCRIPT_MISS_END};
    Session *s = start_puzzle(&script);
    play_and_tick(s, 7, 7, 100);
    drain(s);
    play(s, 0, 0, 200); /* off the script */
    assert_int_equal(count_events(s, SESSION_EVENT_SCRIPT_ENDED, NULL), 1);
    assert_false(session_thinking(s));
    assert_false(session_humans_turn(s));
    assert_false(has_job(s, SESSION_ENGINE_PLAYER));
    session_tick(s, 300);
    session_set_paused(s, true, 310);
    session_set_paused(s, false, 320);
    assert_int_equal(moves(s), 3);
    assert_int_equal(count_events(s, SESSION_EVENT_SCRIPT_ENDED, NULL), 0); /* said once */
    /* The person takes the move back and tries again. */
    assert_true(session_can_undo(s));
    assert_int_equal(session_undo(s, 400), SESSION_OK);
    assert_int_equal(moves(s), 2);
    assert_true(session_humans_turn(s));
    session_free(s);

    /* A reply the rules refuse counts as none. */
    s = start_puzzle(&script);
    play(s, 3, 3, 100);
    assert_int_equal(count_events(s, SESSION_EVENT_SCRIPT_ENDED, NULL), 1);
    session_tick(s, 200);
    assert_int_equal(moves(s), 1);
    session_free(s);
}

static void test_script_miss_goes_to_the_engine(void **state)
{
    (void)state;
    SessionScript script = {LINES, 4, SESSION_SCRIPT_MISS_ENGINE};
    Session *s = start_puzzle(&script);
    play_and_tick(s, 7, 7, 100);
    assert_int_equal(moves(s), 2);
    play(s, 0, 0, 200);
    SessionJob job = player_job(s, SESSION_JOB_MOVE);
    assert_level(job.req.limits, ai_preset_limits(AI_PRESET_HARD)); /* the seat's level */
    assert_int_equal(job.req.to_move, STONE_WHITE);
    AiInfo info = info_playing((Move){1, 1});
    assert_true(session_engine_result(s, job.gen, 0, &info, 300));
    assert_int_equal(stone_at(s, 1, 1), STONE_WHITE);
    assert_true(session_humans_turn(s));
    assert_int_equal(count_events(s, SESSION_EVENT_SCRIPT_ENDED, NULL), 0);
    session_free(s);
}

/* A scripted reply waits for the tick under a generation of its own: an
 * undo first drops it. */
static void test_scripted_reply_dropped_by_undo(void **state)
{
    (void)state;
    SessionScript script = {LINES, 4, SESSION_SCRIPT_MISS_END};
    Session *s = start_puzzle(&script);
    play(s, 7, 7, 100);
    assert_true(session_thinking(s));
    assert_int_equal(session_undo(s, 110), SESSION_OK);
    assert_false(session_thinking(s));
    assert_int_equal(session_next_tick_ms(s, 110), -1);
    drain(s);
    session_tick(s, 120);
    assert_int_equal(moves(s), 0);
    assert_int_equal(count_events(s, SESSION_EVENT_PLACED, NULL), 0);
    assert_true(session_humans_turn(s));
    session_free(s);
}

/* A scripted first player: the script opens from the empty board. */
static void test_scripted_opener(void **state)
{
    (void)state;
    static const SessionScriptLine open[] = {{NULL, 0, {7, 7}}};
    SessionScript script = {open, 1, SESSION_SCRIPT_MISS_END};
    Session *s = start_seats(session_seat_scripted(&script, AI_PRESET_EASY),
                             session_seat_make(SESSION_SEAT_HUMAN));
    assert_int_equal(session_setup(s).mode, MODE_COMPUTER_BLACK);
    assert_true(session_thinking(s));
    assert_false(session_can_undo(s));
    session_tick(s, 10);
    assert_int_equal(stone_at(s, 7, 7), STONE_BLACK);
    assert_true(session_humans_turn(s));
    assert_false(session_can_undo(s)); /* the script's first stone stays */
    session_free(s);
}

/* ---- the remote seat ----------------------------------------------------------- */

static Session *start_remote(void)
{
    return start_seats(session_seat_make(SESSION_SEAT_HUMAN),
                       session_seat_make(SESSION_SEAT_REMOTE));
}

static void test_remote_move_by_generation(void **state)
{
    (void)state;
    Session *s = start_remote();
    assert_true(session_humans_turn(s));
    assert_false(has_job(s, SESSION_ENGINE_PLAYER));
    play(s, 7, 7, 100);
    SessionJob job = player_job(s, SESSION_JOB_REMOTE);
    assert_int_equal(job.req.to_move, STONE_WHITE);
    assert_int_equal(board_get(&job.req.board, 7, 7), STONE_BLACK);
    assert_int_equal(job.req.limits.max_nodes, 0);
    assert_true(session_thinking(s));
    assert_false(session_humans_turn(s));
    assert_false(has_job(s, SESSION_ENGINE_HELPER));
    assert_int_equal(session_play(s, (Move){8, 8}, 150, NULL), SESSION_ERR_NOT_TURN);

    AiInfo info = info_playing((Move){8, 8});
    /* A generation not wanted is refused. */
    assert_false(session_engine_result(s, job.gen + 1, 0, &info, 200));
    assert_false(session_engine_result(s, 0, 0, &info, 200));
    /* An answer of the wrong kind is refused. */
    AiOpening op;
    memset(&op, 0, sizeof op);
    op.action = AI_OPENING_TAKE_BLACK;
    assert_false(session_engine_opening_result(s, job.gen, 0, &op, 200));
    /* A move the rules refuse is refused; the job stays. */
    AiInfo taken = info_playing((Move){7, 7});
    assert_false(session_engine_result(s, job.gen, 0, &taken, 200));
    assert_int_equal(player_job(s, SESSION_JOB_REMOTE).gen, job.gen);
    assert_int_equal(moves(s), 1);
    drain(s);
    /* The right generation is played. */
    assert_true(session_engine_result(s, job.gen, 0, &info, 300));
    SessionEvent ev = {0};
    assert_int_equal(count_events(s, SESSION_EVENT_PLACED, &ev), 1);
    assert_true(ev.by_computer);
    assert_true(move_equal(ev.move, (Move){8, 8}));
    assert_int_equal(stone_at(s, 8, 8), STONE_WHITE);
    assert_true(session_humans_turn(s));
    assert_false(session_engine_result(s, job.gen, 0, &info, 310)); /* used once */
    session_free(s);
}

static void test_remote_answer_stale_after_undo(void **state)
{
    (void)state;
    Session *s = start_remote();
    play(s, 7, 7, 100);
    SessionJob old = player_job(s, SESSION_JOB_REMOTE);
    assert_int_equal(session_undo(s, 110), SESSION_OK);
    assert_false(has_job(s, SESSION_ENGINE_PLAYER));
    play(s, 6, 6, 120);
    SessionJob now = player_job(s, SESSION_JOB_REMOTE);
    assert_int_not_equal(now.gen, old.gen);
    AiInfo info = info_playing((Move){8, 8});
    assert_false(session_engine_result(s, old.gen, 0, &info, 130));
    assert_int_equal(moves(s), 1);
    assert_true(session_engine_result(s, now.gen, 0, &info, 140));
    assert_int_equal(moves(s), 2);
    session_free(s);
}

static void test_undo_against_a_remote_player(void **state)
{
    (void)state;
    Session *s = start_remote();
    play(s, 7, 7, 100);
    AiInfo info = info_playing((Move){8, 8});
    assert_true(session_engine_result(s, player_job(s, SESSION_JOB_REMOTE).gen, 0, &info, 200));
    play(s, 6, 6, 300);
    info = info_playing((Move){9, 9});
    assert_true(session_engine_result(s, player_job(s, SESSION_JOB_REMOTE).gen, 0, &info, 400));
    assert_int_equal(moves(s), 4);
    /* Back over the remote player's move to the person's. */
    assert_int_equal(session_undo(s, 500), SESSION_OK);
    assert_int_equal(moves(s), 2);
    assert_true(session_humans_turn(s));
    assert_int_equal(session_redo(s, 510), SESSION_OK);
    assert_int_equal(moves(s), 4);
    assert_int_equal(session_undo(s, 520), SESSION_OK);
    assert_int_equal(session_undo(s, 530), SESSION_OK);
    assert_int_equal(moves(s), 0);
    assert_false(session_can_undo(s));
    session_free(s);
}

static void test_remote_failure(void **state)
{
    (void)state;
    Session *s = start_remote();
    play(s, 7, 7, 100);
    drain(s);
    AiInfo info = info_playing(MOVE_NONE);
    assert_true(session_engine_result(s, player_job(s, SESSION_JOB_REMOTE).gen, -1, &info, 200));
    assert_int_equal(count_events(s, SESSION_EVENT_ENGINE_FAILED, NULL), 1);
    assert_false(has_job(s, SESSION_ENGINE_PLAYER)); /* not asked again here */
    assert_false(session_humans_turn(s));
    assert_int_equal(session_undo(s, 300), SESSION_OK);
    assert_true(session_humans_turn(s));
    session_free(s);
}

/* A remote second player decides the swap opening through the opening
 * answer's path. */
static void test_remote_opening_decision(void **state)
{
    (void)state;
    Session *s = session_for(MODE_HUMAN_BLACK, RECORD_OPENING_SWAP2);
    SessionSeat seats[SESSION_ROLE_COUNT] = {session_seat_make(SESSION_SEAT_HUMAN),
                                             session_seat_make(SESSION_SEAT_REMOTE)};
    assert_int_equal(session_seat_new_game(s, NULL, seats, false, 0, NULL), SESSION_OK);
    session_set_active(s, true, 0);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(session_play(s, OPENING3[i], 10, NULL), SESSION_OK);
    }
    SessionJob job = player_job(s, SESSION_JOB_REMOTE_OPENING);
    assert_int_equal(job.place_two, 1);
    AiInfo info = info_playing((Move){1, 1});
    assert_false(session_engine_result(s, job.gen, 0, &info, 20)); /* a decision is due */
    AiOpening op;
    memset(&op, 0, sizeof op);
    op.action = AI_OPENING_PLACE;
    op.count = 3; /* two are due */
    assert_false(session_engine_opening_result(s, job.gen, 0, &op, 20));
    op.action = AI_OPENING_TAKE_WHITE;
    op.count = 1;
    op.stones[0] = OPENING3[0]; /* taken */
    assert_false(session_engine_opening_result(s, job.gen, 0, &op, 20));
    assert_int_equal(player_job(s, SESSION_JOB_REMOTE_OPENING).gen, job.gen);
    assert_int_equal(count_events(s, SESSION_EVENT_ENGINE_FAILED, NULL), 0);
    op.stones[0] = (Move){9, 9};
    assert_true(session_engine_opening_result(s, job.gen, 0, &op, 30));
    assert_int_equal(session_choice(s, 0), RECORD_CHOICE_TAKE_WHITE);
    assert_int_equal(stone_at(s, 9, 9), STONE_WHITE);
    assert_int_equal(session_seat_of_side(s, STONE_WHITE).kind, SESSION_SEAT_REMOTE);
    assert_true(session_humans_turn(s)); /* black's fifth stone is the person's */
    session_free(s);
}

/* ---- records ------------------------------------------------------------------- */

/* Writes rec as text, reads it back and loads it to resume in a fresh
 * session. */
static Session *load_back(const Record *rec)
{
    size_t len = 0;
    char *text = record_format(rec, &len);
    assert_non_null(text);
    Record back;
    char err[200] = "";
    assert_int_equal(record_parse(text, len, &back, err, sizeof err), 0);
    free(text);
    Session *s = session_for(MODE_TWO_PLAYERS, RECORD_OPENING_STANDARD);
    assert_int_equal(session_load(s, &back, SESSION_LOAD_RESUME, 1000, err, sizeof err),
                     SESSION_OK);
    session_set_active(s, true, 1000);
    return s;
}

static void test_records_of_scripted_and_remote_games(void **state)
{
    (void)state;
    SessionScript script = {LINES, 4, SESSION_SCRIPT_MISS_END};
    Session *s = start_puzzle(&script);
    play_and_tick(s, 7, 7, 100);
    Record rec;
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_int_equal(rec.black.kind, RECORD_PLAYER_HUMAN);
    assert_int_equal(rec.white.kind, RECORD_PLAYER_COMPUTER);
    assert_string_equal(rec.white.name, "Computer");
    assert_string_equal(rec.preset, "Hard"); /* the script's engine level */
    session_free(s);
    /* Loaded back: the script is not in the record, an engine at its
     * level takes the seat. */
    s = load_back(&rec);
    assert_int_equal(moves(s), 2);
    assert_int_equal(stone_at(s, 8, 8), STONE_WHITE);
    assert_false(session_seat_explicit(s));
    assert_int_equal(session_setup(s).mode, MODE_HUMAN_BLACK);
    assert_int_equal(session_seat_get(s, SESSION_ROLE_SECOND).kind, SESSION_SEAT_ENGINE);
    assert_int_equal(session_seat_get(s, SESSION_ROLE_SECOND).preset, AI_PRESET_HARD);
    assert_true(session_humans_turn(s));
    session_free(s);

    s = start_remote();
    play(s, 7, 7, 100);
    AiInfo info = info_playing((Move){8, 8});
    assert_true(session_engine_result(s, player_job(s, SESSION_JOB_REMOTE).gen, 0, &info, 200));
    play(s, 6, 6, 300);
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_int_equal(rec.black.kind, RECORD_PLAYER_HUMAN);
    assert_int_equal(rec.white.kind, RECORD_PLAYER_HUMAN); /* taken for a person */
    assert_string_equal(rec.white.name, "");
    assert_string_equal(rec.preset, ""); /* no engine played */
    assert_int_equal(rec.time_ms[1], 100);
    session_free(s);
    s = load_back(&rec);
    assert_int_equal(moves(s), 3);
    assert_int_equal(session_setup(s).mode, MODE_TWO_PLAYERS);
    assert_true(session_humans_turn(s)); /* white's move, a person's now */
    session_free(s);
}

/* Playing on from a review goes back to the mode's seats. */
static void test_continue_from_review_drops_the_seats(void **state)
{
    (void)state;
    Session *s = start_remote();
    play(s, 7, 7, 100);
    AiInfo info = info_playing((Move){8, 8});
    assert_true(session_engine_result(s, player_job(s, SESSION_JOB_REMOTE).gen, 0, &info, 200));
    assert_int_equal(session_review_begin(s), SESSION_OK);
    assert_int_equal(session_review_continue(s, MODE_TWO_PLAYERS, 300), SESSION_OK);
    assert_false(session_seat_explicit(s));
    assert_int_equal(session_seat_get(s, SESSION_ROLE_SECOND).kind, SESSION_SEAT_HUMAN);
    session_set_active(s, true, 300);
    assert_true(session_humans_turn(s));
    session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mode_to_seats),
        cmocka_unit_test(test_seats_are_roles_under_swap),
        cmocka_unit_test(test_explicit_seats),
        cmocka_unit_test(test_scripted_defender_answers),
        cmocka_unit_test(test_scripted_reply_placed_event),
        cmocka_unit_test(test_script_without_answer_ends),
        cmocka_unit_test(test_script_miss_goes_to_the_engine),
        cmocka_unit_test(test_scripted_reply_dropped_by_undo),
        cmocka_unit_test(test_scripted_opener),
        cmocka_unit_test(test_remote_move_by_generation),
        cmocka_unit_test(test_remote_answer_stale_after_undo),
        cmocka_unit_test(test_undo_against_a_remote_player),
        cmocka_unit_test(test_remote_failure),
        cmocka_unit_test(test_remote_opening_decision),
        cmocka_unit_test(test_records_of_scripted_and_remote_games),
        cmocka_unit_test(test_continue_from_review_drops_the_seats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
