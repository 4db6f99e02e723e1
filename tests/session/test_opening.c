/*
 * test_opening.c - the swap and swap2 openings in the session: every path
 * of the phase table (PLACE3, CHOOSE, PLACE2, CHOOSE2) with the person or
 * the computer deciding each step, the computer's decisions as engine jobs
 * (stale answers dropped), undo and redo a step at a time, the clocks
 * standing still, the record round trip, resuming mid-opening and playing
 * on from a review position.  The computer's answers are made up here
 * (ai_opening_answer's own behaviour is tested in tests/ai).
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

static const Move STONES[6] = {{7, 7}, {8, 6}, {6, 8}, {9, 9}, {5, 5}, {10, 4}};

static Session *start(PlayerMode mode, RecordOpening opening, int clock_min)
{
    SessionSetup st = session_default_setup();
    st.mode = mode;
    st.preset = AI_PRESET_BEGINNER;
    st.clock_min = clock_min;
    st.opening = opening;
    SessionConfig cfg = {0, true, 0};
    Session *s = session_new(&cfg, &st);
    assert_non_null(s);
    assert_int_equal(session_new_game(s, NULL, false, 0, "2026-11-25T10:00:00Z"), SESSION_OK);
    session_set_active(s, true, 0);
    return s;
}

static int count(const Session *s)
{
    return game_move_count(session_game(s));
}

static void place(Session *s, int i, uint64_t now_ms)
{
    assert_int_equal(count(s), i);
    assert_int_equal(session_play(s, STONES[i], now_ms, NULL), SESSION_OK);
}

/* The player engine's job, which must be an opening job. */
static SessionJob opening_job(const Session *s)
{
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_int_equal(job.kind, SESSION_JOB_OPENING);
    return job;
}

/* Answers the opening job with action and the next count stones. */
static void computer_answers(Session *s, AiOpeningAction action, int count_stones, uint64_t now_ms)
{
    SessionJob job = opening_job(s);
    AiOpening op;
    memset(&op, 0, sizeof op);
    op.action = action;
    op.count = count_stones;
    for (int i = 0; i < count_stones; i++) {
        op.stones[i] = STONES[count(s) + i];
    }
    assert_true(session_engine_opening_result(s, job.gen, 0, &op, now_ms));
}

static void test_setup_opening_sanitized(void **state)
{
    (void)state;
    SessionSetup st = session_default_setup();
    assert_int_equal(st.opening, RECORD_OPENING_STANDARD);
    st.opening = RECORD_OPENING_SWAP2;
    st.rules.k = 4;
    session_sanitize_setup(&st);
    assert_int_equal(st.opening, RECORD_OPENING_STANDARD);
    st = session_default_setup();
    st.opening = (RecordOpening)7;
    session_sanitize_setup(&st);
    assert_int_equal(st.opening, RECORD_OPENING_STANDARD);
    st.opening = RECORD_OPENING_SWAP;
    st.rules.kind = RULE_RENJU;
    session_sanitize_setup(&st);
    assert_int_equal(st.opening, RECORD_OPENING_SWAP);
}

/* Swap: the person opens, the computer takes white and plays its move. */
static void test_swap_person_opens(void **state)
{
    (void)state;
    Session *s = start(MODE_HUMAN_BLACK, RECORD_OPENING_SWAP, 0);
    assert_int_equal(session_phase(s), SESSION_PHASE_PLACE3);
    assert_true(session_humans_turn(s));
    place(s, 0, 10);
    place(s, 1, 20); /* the person places white's stone too */
    assert_false(session_engine_job(s, SESSION_ENGINE_PLAYER, &(SessionJob){0}));
    place(s, 2, 30);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE);
    assert_false(session_humans_turn(s));
    assert_true(session_decider_is_computer(s));
    SessionJob job = opening_job(s);
    assert_int_equal(job.place_two, 0);
    assert_int_equal(session_play(s, STONES[3], 40, NULL), SESSION_ERR_NOT_TURN);
    computer_answers(s, AI_OPENING_TAKE_WHITE, 1, 50);
    assert_int_equal(session_choice(s, 0), RECORD_CHOICE_TAKE_WHITE);
    assert_int_equal(count(s), 4);
    assert_int_equal(session_phase(s), SESSION_PHASE_PLAY);
    assert_false(session_is_computer(s, STONE_BLACK));
    assert_true(session_is_computer(s, STONE_WHITE));
    assert_true(session_humans_turn(s));
    /* Undo goes back past the computer's move and choice to the person's
     * third stone. */
    assert_true(session_can_undo(s));
    assert_int_equal(session_undo(s, 60), SESSION_OK);
    assert_int_equal(count(s), 2);
    assert_int_equal(session_choice(s, 0), RECORD_CHOICE_NONE);
    assert_int_equal(session_phase(s), SESSION_PHASE_PLACE3);
    assert_true(session_humans_turn(s));
    session_free(s);
}

/* Swap: the computer opens, the person takes black; the computer then
 * plays white's move; undo takes the choice back but never its stones. */
static void test_swap_computer_opens(void **state)
{
    (void)state;
    Session *s = start(MODE_COMPUTER_BLACK, RECORD_OPENING_SWAP, 0);
    assert_false(session_humans_turn(s));
    assert_true(session_first_is_computer(s));
    computer_answers(s, AI_OPENING_PLACE, 3, 10);
    assert_int_equal(count(s), 3);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE);
    assert_true(session_humans_turn(s));
    assert_false(session_can_undo(s));
    assert_false(session_can_choose(s, RECORD_CHOICE_PLACE_TWO)); /* swap2 only */
    assert_int_equal(session_choose(s, RECORD_CHOICE_PLACE_TWO, 20), SESSION_ERR_ARGS);
    assert_int_equal(session_play(s, STONES[3], 20, NULL), SESSION_ERR_NOT_TURN);
    assert_true(session_can_choose(s, RECORD_CHOICE_TAKE_BLACK));
    assert_int_equal(session_choose(s, RECORD_CHOICE_TAKE_BLACK, 30), SESSION_OK);
    assert_false(session_is_computer(s, STONE_BLACK));
    assert_true(session_is_computer(s, STONE_WHITE));
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_int_equal(job.kind, SESSION_JOB_MOVE);
    assert_int_equal(job.req.to_move, STONE_WHITE);
    assert_true(session_can_undo(s));
    assert_int_equal(session_undo(s, 40), SESSION_OK);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE);
    assert_int_equal(count(s), 3);
    assert_false(session_can_undo(s));
    /* Redo brings the choice back. */
    assert_true(session_can_redo(s));
    assert_int_equal(session_redo(s, 50), SESSION_OK);
    assert_int_equal(session_choice(s, 0), RECORD_CHOICE_TAKE_BLACK);
    session_free(s);
}

/* Swap2 between two people: every step by hand, undone and redone one at
 * a time; a new choice after an undo drops what redo held. */
static void test_swap2_two_players_steps(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, RECORD_OPENING_SWAP2, 0);
    for (int i = 0; i < 3; i++) {
        place(s, i, 10 * (uint64_t)i);
    }
    assert_true(session_can_choose(s, RECORD_CHOICE_PLACE_TWO));
    assert_int_equal(session_choose(s, RECORD_CHOICE_PLACE_TWO, 40), SESSION_OK);
    assert_int_equal(session_phase(s), SESSION_PHASE_PLACE2);
    assert_false(session_can_choose(s, RECORD_CHOICE_TAKE_BLACK));
    place(s, 3, 50);
    place(s, 4, 60);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE2);
    assert_false(session_can_choose(s, RECORD_CHOICE_PLACE_TWO));
    assert_int_equal(session_choose(s, RECORD_CHOICE_TAKE_BLACK, 70), SESSION_OK);
    assert_int_equal(session_phase(s), SESSION_PHASE_PLAY);
    assert_int_equal(game_to_move(session_game(s)), STONE_WHITE);

    assert_int_equal(session_undo(s, 80), SESSION_OK); /* the choice */
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE2);
    assert_int_equal(count(s), 5);
    assert_int_equal(session_undo(s, 90), SESSION_OK); /* the fifth stone */
    assert_int_equal(count(s), 4);
    assert_int_equal(session_phase(s), SESSION_PHASE_PLACE2);
    assert_int_equal(session_redo(s, 100), SESSION_OK);
    assert_int_equal(session_redo(s, 110), SESSION_OK);
    assert_int_equal(session_choice(s, 1), RECORD_CHOICE_TAKE_BLACK);
    assert_false(session_can_redo(s));
    /* Back to the first choice and choose otherwise: nothing to redo. */
    for (int i = 0; i < 4; i++) {
        assert_int_equal(session_undo(s, 120), SESSION_OK);
    }
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE);
    assert_true(session_can_redo(s));
    assert_int_equal(session_choose(s, RECORD_CHOICE_TAKE_WHITE, 130), SESSION_OK);
    assert_false(session_can_redo(s));
    assert_int_equal(count(s), 3);
    assert_true(session_humans_turn(s));
    session_free(s);
}

/* Swap2: the person opens, the computer places two, the person takes
 * white; undo returns past every computer step to the person's stone. */
static void test_swap2_computer_places_two(void **state)
{
    (void)state;
    Session *s = start(MODE_HUMAN_BLACK, RECORD_OPENING_SWAP2, 0);
    for (int i = 0; i < 3; i++) {
        place(s, i, 10);
    }
    SessionJob job = opening_job(s);
    assert_int_equal(job.place_two, 1);
    computer_answers(s, AI_OPENING_PLACE, 2, 20);
    assert_int_equal(session_choice(s, 0), RECORD_CHOICE_PLACE_TWO);
    assert_int_equal(count(s), 5);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE2);
    assert_true(session_humans_turn(s));
    assert_int_equal(session_choose(s, RECORD_CHOICE_TAKE_WHITE, 30), SESSION_OK);
    assert_true(session_is_computer(s, STONE_BLACK));
    assert_false(session_is_computer(s, STONE_WHITE));
    assert_true(session_humans_turn(s)); /* white's sixth stone */
    place(s, 5, 40);
    assert_false(session_humans_turn(s));
    assert_int_equal(session_undo(s, 50), SESSION_OK);
    assert_int_equal(count(s), 5);
    assert_int_equal(session_choice(s, 1), RECORD_CHOICE_TAKE_WHITE);
    assert_int_equal(session_undo(s, 60), SESSION_OK);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE2);
    assert_int_equal(session_undo(s, 70), SESSION_OK);
    assert_int_equal(count(s), 2);
    assert_int_equal(session_choice(s, 0), RECORD_CHOICE_NONE);
    assert_int_equal(session_phase(s), SESSION_PHASE_PLACE3);
    session_free(s);
}

/* Swap2: the computer opens, the person places two, the computer takes
 * white and plays; a stale answer is dropped on the way. */
static void test_swap2_computer_chooses_last(void **state)
{
    (void)state;
    Session *s = start(MODE_COMPUTER_BLACK, RECORD_OPENING_SWAP2, 0);
    SessionJob stale = opening_job(s);
    computer_answers(s, AI_OPENING_PLACE, 3, 10);
    AiOpening op = {AI_OPENING_PLACE, 3, {{1, 1}, {2, 2}, {3, 3}}, 0};
    assert_false(session_engine_opening_result(s, stale.gen, 0, &op, 15));
    assert_int_equal(session_choose(s, RECORD_CHOICE_PLACE_TWO, 20), SESSION_OK);
    place(s, 3, 30);
    place(s, 4, 40);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE2);
    SessionJob job = opening_job(s);
    assert_int_equal(job.place_two, 0);
    computer_answers(s, AI_OPENING_TAKE_WHITE, 1, 50);
    assert_int_equal(count(s), 6);
    assert_int_equal(session_choice(s, 1), RECORD_CHOICE_TAKE_WHITE);
    assert_true(session_is_computer(s, STONE_WHITE));
    assert_true(session_humans_turn(s));
    assert_int_equal(game_to_move(session_game(s)), STONE_BLACK);
    session_free(s);
}

/* An answer that does not fit the phase (or an illegal stone) is a
 * failure the player is told about, not a crash or a wrong board. */
static void test_bad_opening_answer(void **state)
{
    (void)state;
    Session *s = start(MODE_COMPUTER_BLACK, RECORD_OPENING_SWAP, 0);
    SessionJob job = opening_job(s);
    AiOpening op = {AI_OPENING_TAKE_BLACK, 0, {{0, 0}}, 0};
    assert_true(session_engine_opening_result(s, job.gen, 0, &op, 10));
    assert_int_equal(count(s), 0);
    SessionEvent ev;
    bool failed = false;
    while (session_next_event(s, &ev)) {
        failed = failed || ev.kind == SESSION_EVENT_ENGINE_FAILED;
    }
    assert_true(failed);
    session_free(s);
}

/* The computer plays both sides through the whole opening. */
static void test_ai_vs_ai_opening(void **state)
{
    (void)state;
    Session *s = start(MODE_AI_VS_AI, RECORD_OPENING_SWAP2, 0);
    computer_answers(s, AI_OPENING_PLACE, 3, 10);
    computer_answers(s, AI_OPENING_PLACE, 2, 20);
    computer_answers(s, AI_OPENING_TAKE_BLACK, 0, 30);
    assert_int_equal(session_phase(s), SESSION_PHASE_PLAY);
    SessionJob job;
    assert_true(session_engine_job(s, SESSION_ENGINE_PLAYER, &job));
    assert_int_equal(job.kind, SESSION_JOB_MOVE);
    assert_int_equal(job.req.to_move, STONE_WHITE);
    session_free(s);
}

/* The clocks stand still while the opening is decided. */
static void test_clocks_still_in_opening(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, RECORD_OPENING_SWAP, 1);
    place(s, 0, 5000);
    place(s, 1, 10000);
    place(s, 2, 15000);
    session_tick(s, 30000);
    assert_int_equal(session_clock_ms(s, STONE_BLACK), 60000);
    assert_int_equal(session_clock_ms(s, STONE_WHITE), 60000);
    assert_int_equal(session_next_tick_ms(s, 30000), -1);
    assert_int_equal(session_choose(s, RECORD_CHOICE_TAKE_BLACK, 31000), SESSION_OK);
    session_tick(s, 33000);
    assert_int_equal(session_clock_ms(s, STONE_WHITE), 58000);
    session_free(s);
}

/* Saved mid-opening and after it, read back: the same phase, choices and
 * seats; resuming where the computer decides asks it again. */
static void test_record_roundtrip_and_resume(void **state)
{
    (void)state;
    Session *s = start(MODE_HUMAN_BLACK, RECORD_OPENING_SWAP2, 0);
    for (int i = 0; i < 3; i++) {
        place(s, i, 10);
    }
    Record rec;
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_int_equal(rec.opening, RECORD_OPENING_SWAP2);
    size_t len = 0;
    char *text = record_format(&rec, &len);
    assert_non_null(text);
    Record back;
    char err[256] = "";
    assert_int_equal(record_parse(text, len, &back, err, sizeof err), 0);
    free(text);
    Session *r = session_new(NULL, NULL);
    assert_non_null(r);
    assert_int_equal(session_load(r, &back, SESSION_LOAD_RESUME, 0, err, sizeof err), SESSION_OK);
    session_set_active(r, true, 0);
    assert_int_equal(session_setup(r).opening, RECORD_OPENING_SWAP2);
    assert_int_equal(session_setup(r).mode, MODE_HUMAN_BLACK);
    assert_int_equal(session_phase(r), SESSION_PHASE_CHOOSE);
    assert_int_equal(opening_job(r).place_two, 1);

    /* After the computer took black, the record names it black, and the
     * person (who opened) is still the first player once read back. */
    computer_answers(s, AI_OPENING_TAKE_BLACK, 0, 20);
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_int_equal(rec.black.kind, RECORD_PLAYER_COMPUTER);
    assert_int_equal(rec.white.kind, RECORD_PLAYER_HUMAN);
    assert_int_equal(rec.choice[0], RECORD_CHOICE_TAKE_BLACK);
    assert_int_equal(session_load(r, &rec, SESSION_LOAD_RESUME, 0, err, sizeof err), SESSION_OK);
    assert_int_equal(session_setup(r).mode, MODE_HUMAN_BLACK);
    assert_int_equal(session_phase(r), SESSION_PHASE_PLAY);
    assert_true(session_is_computer(r, STONE_BLACK));
    assert_true(session_humans_turn(r)); /* white's fourth stone is the person's */
    session_free(r);
    session_free(s);
}

/* Play from here: before a choice the new players make it; after it, the
 * colour chosen in the dialog is the person's colour. */
static void test_review_continue(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, RECORD_OPENING_SWAP, 0);
    for (int i = 0; i < 3; i++) {
        place(s, i, 10);
    }
    assert_int_equal(session_choose(s, RECORD_CHOICE_TAKE_BLACK, 20), SESSION_OK);
    place(s, 3, 30);
    place(s, 4, 40);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    session_review_goto(s, 3);
    assert_int_equal(session_review_continue(s, MODE_HUMAN_BLACK, 50), SESSION_OK);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE);
    assert_true(session_decider_is_computer(s));

    assert_int_equal(session_choose(s, RECORD_CHOICE_TAKE_BLACK, 60), SESSION_ERR_NOT_TURN);
    session_free(s);

    s = start(MODE_TWO_PLAYERS, RECORD_OPENING_SWAP, 0);
    for (int i = 0; i < 3; i++) {
        place(s, i, 10);
    }
    assert_int_equal(session_choose(s, RECORD_CHOICE_TAKE_BLACK, 20), SESSION_OK);
    place(s, 3, 30);
    assert_int_equal(session_review_begin(s), SESSION_OK);
    session_review_goto(s, 4);
    assert_int_equal(session_review_continue(s, MODE_HUMAN_BLACK, 50), SESSION_OK);
    assert_int_equal(session_choice(s, 0), RECORD_CHOICE_TAKE_BLACK);
    assert_false(session_is_computer(s, STONE_BLACK));
    assert_true(session_is_computer(s, STONE_WHITE));
    assert_true(session_humans_turn(s));
    session_free(s);
}

/* The score follows the players, not the colours: a win of the first
 * player counts as one whichever colour they took. */
static void test_score_by_role(void **state)
{
    (void)state;
    Session *s = start(MODE_TWO_PLAYERS, RECORD_OPENING_SWAP, 0);
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < 3; i++) {
            place(s, i, 10);
        }
        /* Round 0: the second player takes white (the first is black);
         * round 1: the second takes black.  Then the first player wins. */
        RecordChoice c = round == 0 ? RECORD_CHOICE_TAKE_WHITE : RECORD_CHOICE_TAKE_BLACK;
        assert_int_equal(session_choose(s, c, 20), SESSION_OK);
        Stone first = round == 0 ? STONE_BLACK : STONE_WHITE;
        /* The first player's five on row 12, the other's stones apart on 14. */
        for (int i = 0; i < 5; i++) {
            bool firsts_turn = game_to_move(session_game(s)) == first;
            if (!firsts_turn) {
                assert_int_equal(session_play(s, (Move){(int8_t)(2 + 3 * i), 14}, 30, NULL),
                                 SESSION_OK);
            }
            assert_int_equal(session_play(s, (Move){(int8_t)(2 + i), 12}, 30, NULL), SESSION_OK);
        }
        GameResult won = first == STONE_BLACK ? GAME_BLACK_WINS : GAME_WHITE_WINS;
        assert_int_equal(session_result(s), won);
        assert_int_equal(session_new_game(s, NULL, true, 40, NULL), SESSION_OK);
    }
    assert_int_equal(session_score(s, GAME_BLACK_WINS), 2); /* the first player's */
    assert_int_equal(session_score(s, GAME_WHITE_WINS), 0);
    session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup_opening_sanitized),
        cmocka_unit_test(test_swap_person_opens),
        cmocka_unit_test(test_swap_computer_opens),
        cmocka_unit_test(test_swap2_two_players_steps),
        cmocka_unit_test(test_swap2_computer_places_two),
        cmocka_unit_test(test_swap2_computer_chooses_last),
        cmocka_unit_test(test_bad_opening_answer),
        cmocka_unit_test(test_ai_vs_ai_opening),
        cmocka_unit_test(test_clocks_still_in_opening),
        cmocka_unit_test(test_record_roundtrip_and_resume),
        cmocka_unit_test(test_review_continue),
        cmocka_unit_test(test_score_by_role),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
