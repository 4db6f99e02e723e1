/*
 * test_coach.c - the review coach's verdicts on made-up analyses: the
 * marks (best, only move, inaccuracy .. blunder, missed win), a lost
 * player's moves costing nothing, the accuracy curve and the summary.
 *
 * Scores are picked through ai_win_permille, so the tests hold whatever
 * the fitted curve is.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ai/ai.h"
#include "session/session_coach.h"

#define COACH_MOVES 6

static const Rules FREE5 = {RULE_FREESTYLE, 5};

typedef struct Fixture {
    Move moves[COACH_MOVES];
    RecordEval evals[COACH_MOVES + 1];
    SessionCoachGame game;
} Fixture;

/* Returns the smallest score whose win chance for the side to move is at
 * least pm permille. */
static int score_for(int pm)
{
    int lo = -AI_SCORE_WIN_THRESHOLD, hi = AI_SCORE_WIN_THRESHOLD;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (ai_win_permille(mid, FREE5, 15) >= pm) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    return lo;
}

/* Six moves on row 7, every position analysed even, the engine's choice
 * always some other point. */
static void fixture_init(Fixture *f)
{
    memset(f, 0, sizeof *f);
    for (int i = 0; i < COACH_MOVES; i++) {
        f->moves[i] = (Move){(int8_t)i, 7};
    }
    for (int i = 0; i <= COACH_MOVES; i++) {
        f->evals[i] = (RecordEval){.have = true, .depth = 8, .best = {14, 14}};
    }
    f->game = (SessionCoachGame){f->moves, COACH_MOVES, f->evals, FREE5, 15, GAME_ONGOING};
}

/* Position pos is worth pm permille to the side to move there. */
static void set_chance(Fixture *f, int pos, int pm)
{
    f->evals[pos].score = score_for(pm);
    f->evals[pos].mate_plies = 0;
}

static SessionCoachMove judge(const Fixture *f, int i)
{
    SessionCoachMove m;
    assert_true(session_coach_move(&f->game, i, &m));
    return m;
}

static void test_accuracy_curve(void **state)
{
    (void)state;
    assert_int_equal(session_coach_accuracy(0), 100);
    assert_int_equal(session_coach_accuracy(-200), 100); /* a gain is no better than none */
    assert_int_equal(session_coach_accuracy(100), 64);
    assert_int_equal(session_coach_accuracy(300), 25);
    assert_int_equal(session_coach_accuracy(1000), 0);
    for (int d = 0; d < 1000; d += 10) {
        assert_true(session_coach_accuracy(d + 10) <= session_coach_accuracy(d));
    }
}

static void test_drops_earn_marks(void **state)
{
    (void)state;
    Fixture f;
    fixture_init(&f);
    /* Black's move 0: 500 -> white's 850, black lost 350: a blunder. */
    set_chance(&f, 0, 500);
    set_chance(&f, 1, 850);
    SessionCoachMove m = judge(&f, 0);
    assert_int_equal(m.mark, SESSION_COACH_BLUNDER);
    assert_in_range(m.drop, 340, 360);
    assert_true(move_equal(m.best, (Move){14, 14}));
    assert_int_equal(m.before.kind, AI_OUTLOOK_CHANCE);
    assert_in_range(m.after.black_permille, 140, 160); /* white's 850 is black's 150 */
    /* White's move 1: 850 -> black's 400 (white 600): lost 250, a mistake. */
    set_chance(&f, 2, 400);
    assert_int_equal(judge(&f, 1).mark, SESSION_COACH_MISTAKE);
    /* Black's move 2: 400 -> white's 730 (black 270): lost 130, inaccurate. */
    set_chance(&f, 3, 730);
    assert_int_equal(judge(&f, 2).mark, SESSION_COACH_INACCURACY);
    /* White's move 3: 730 -> black's 320: lost 50, nothing to say. */
    set_chance(&f, 4, 320);
    assert_int_equal(judge(&f, 3).mark, SESSION_COACH_NONE);
    /* The engine's own choice is marked best even when the chance falls
     * (a deeper look at the next position). */
    f.evals[4].best = f.moves[4];
    set_chance(&f, 5, 900);
    assert_int_equal(judge(&f, 4).mark, SESSION_COACH_BEST);
}

static void test_missed_win_and_lost_positions(void **state)
{
    (void)state;
    Fixture f;
    fixture_init(&f);
    /* Black to move wins in 3 plies; black plays elsewhere and white is
     * merely better. */
    f.evals[0].score = AI_SCORE_WIN - 3;
    f.evals[0].mate_plies = 3;
    set_chance(&f, 1, 600);
    SessionCoachMove m = judge(&f, 0);
    assert_int_equal(m.mark, SESSION_COACH_MISSED_WIN);
    assert_int_equal(m.before.kind, AI_OUTLOOK_FORCED);
    assert_int_equal(m.before.winner, STONE_BLACK);
    assert_int_equal(m.before.moves, 2);
    /* White, lost by force at position 3, plays on: no mark, no cost. */
    f.evals[3].score = -(AI_SCORE_WIN - 4);
    f.evals[3].mate_plies = -4;
    f.evals[4].score = AI_SCORE_WIN - 3;
    f.evals[4].mate_plies = 3;
    m = judge(&f, 3);
    assert_int_equal(m.mark, SESSION_COACH_NONE);
    assert_int_equal(m.accuracy, 100);
    /* Keeping a forced win is no missed win, even off the engine's line. */
    f.evals[5].score = -(AI_SCORE_WIN - 2);
    f.evals[5].mate_plies = -2;
    assert_int_equal(judge(&f, 4).mark, SESSION_COACH_NONE);
}

static void test_only_move(void **state)
{
    (void)state;
    Fixture f;
    fixture_init(&f);
    set_chance(&f, 0, 450);
    set_chance(&f, 1, 520);
    f.evals[0].best = f.moves[0];
    f.evals[0].have_second = true;
    f.evals[0].second = -(AI_SCORE_WIN - 6); /* the next best loses by force */
    assert_int_equal(judge(&f, 0).mark, SESSION_COACH_ONLY_MOVE);
    f.evals[0].second = -300; /* merely worse: best, not only */
    assert_int_equal(judge(&f, 0).mark, SESSION_COACH_BEST);
    /* The one reply to a four, answered without a search, is worth what
     * the position after it is when it was played, and what the position
     * before it was (the four-maker's search counted on the reply) when
     * it was not. */
    f.evals[1] = (RecordEval){.have = true, .depth = 0, .best = f.moves[1]};
    set_chance(&f, 2, 300);
    AiOutlook o;
    assert_true(session_coach_outlook(&f.game, 1, &o));
    assert_int_equal(o.black_permille, 300);
    f.evals[1].best = (Move){9, 9};
    assert_true(session_coach_outlook(&f.game, 1, &o));
    assert_int_equal(o.black_permille, 450);
    f.evals[0].have = false;
    assert_false(session_coach_outlook(&f.game, 1, &o)); /* nothing known before */
    f.evals[0].have = true;
    /* Not analysed yet: no word. */
    f.evals[2].have = false;
    SessionCoachMove m;
    assert_false(session_coach_move(&f.game, 1, &m));
    assert_false(session_coach_move(&f.game, 2, &m));
    assert_false(session_coach_move(&f.game, COACH_MOVES, &m));
}

/* A four answered by a four: both replies recorded without a search, the
 * first played, the second not (the player let the four stand).  Both
 * positions are worth what the last search before them found, and asking
 * ends (it once went back and forth between the two for ever, freezing
 * the review). */
static void test_four_answered_by_a_four(void **state)
{
    (void)state;
    Fixture f;
    fixture_init(&f);
    set_chance(&f, 0, 450);
    set_chance(&f, 3, 100);
    f.evals[1] = (RecordEval){.have = true, .depth = 0, .best = f.moves[1]};
    f.evals[2] = (RecordEval){.have = true, .depth = 0, .best = (Move){9, 9}};
    AiOutlook o;
    assert_true(session_coach_outlook(&f.game, 2, &o));
    assert_int_equal(o.black_permille, 450);
    assert_true(session_coach_outlook(&f.game, 1, &o));
    assert_int_equal(o.black_permille, 450);
    SessionCoachMove m;
    assert_true(session_coach_move(&f.game, 2, &m));
    assert_int_equal(m.before.black_permille, 450);
    assert_int_equal(m.after.black_permille, 900); /* white to move there: 100 for white */
    /* A run of them back to the first position: nothing searched before. */
    f.evals[0] = (RecordEval){.have = true, .depth = 0, .best = f.moves[0]};
    assert_false(session_coach_outlook(&f.game, 2, &o));
    assert_false(session_coach_outlook(&f.game, 0, &o));
}

static void test_summary_and_result(void **state)
{
    (void)state;
    Fixture f;
    fixture_init(&f);
    for (int i = 0; i <= COACH_MOVES; i++) {
        set_chance(&f, i, 500);
    }
    set_chance(&f, 1, 850);          /* black's move 0: blunder */
    set_chance(&f, 2, 150);          /* white kept its 850 */
    f.game.result = GAME_WHITE_WINS; /* the last position is the result, analysed or not */
    f.evals[COACH_MOVES].have = false;
    SessionCoachMove last = judge(&f, COACH_MOVES - 1);
    assert_int_equal(last.after.kind, AI_OUTLOOK_FORCED);
    assert_int_equal(last.after.winner, STONE_WHITE);
    assert_int_equal(last.mark, SESSION_COACH_NONE); /* white's move, a gain */
    SessionCoachSummary sum;
    session_coach_summary(&f.game, &sum);
    assert_int_equal(sum.moves[0], 3);
    assert_int_equal(sum.moves[1], 3);
    assert_int_equal(sum.count[0][SESSION_COACH_BLUNDER], 1);
    assert_int_equal(sum.count[1][SESSION_COACH_BLUNDER], 0);
    assert_true(sum.accuracy[0] < sum.accuracy[1]);
    assert_int_equal(sum.accuracy[1], 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accuracy_curve),
        cmocka_unit_test(test_drops_earn_marks),
        cmocka_unit_test(test_missed_win_and_lost_positions),
        cmocka_unit_test(test_only_move),
        cmocka_unit_test(test_four_answered_by_a_four),
        cmocka_unit_test(test_summary_and_result),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
