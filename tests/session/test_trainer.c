/*
 * test_trainer.c - the puzzle trainer's logic (session/trainer.h,
 * session/trainer_run.h): Glicko-2 against values worked out apart (a
 * Python transcription of Glickman's steps), the streak, hints and the
 * daily puzzle in the history, the history file read back and refused
 * when damaged, the next puzzle near the rating under a filter, the sets
 * indexed; and attempts: a win along its line, a move off it refuted by
 * the engine, another win that is not counted wrong, a defence found and
 * missed, retry, the solution shown, hints.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "session/trainer.h"
#include "session/trainer_run.h"

/* Black has an open three on the eighth row; white's stones are far off.
 * To win: k8 (open four), l8, g8.  To defend (white to move after a
 * black three): g8 or k8. */
#define WIN_LINE    "00000000 15 freestyle 5 win vcf 1200 3 : h8 a1 i8 a2 j8 a4 : k8 l8 g8"
#define DEFEND_LINE "00000000 15 freestyle 5 defend defence 1300 3 : h8 a1 i8 a2 j8 : g8 k8"

static Move mv(const char *s)
{
    return (Move){s[0] - 'a', atoi(s + 1) - 1};
}

static void read_puzzle(const char *line, Puzzle *p)
{
    char err[200] = "";
    int rc = puzzle_parse(line, strlen(line), p, err, sizeof err);
    if (rc != 0) {
        fail_msg("%s: %s", line, err);
    }
}

static TrainerEntry entry(const char *id, int rating, unsigned themes, int size, int k)
{
    TrainerEntry e = {.size = size, .k = k, .rule = RULE_FREESTYLE, .themes = themes};
    snprintf(e.id, sizeof e.id, "%s", id);
    e.base_rating = rating;
    return e;
}

/* ---- ratings ------------------------------------------------------------------ */

static void test_glicko_matches_reference(void **state)
{
    (void)state;
    TrainerRating p = {1500, 200, 0.06}, z = {1400, 30, 0.06};
    trainer_glicko(&p, &z, true);
    assert_true(fabs(p.rating - 1563.564) < 0.01);
    assert_true(fabs(p.rd - 175.403) < 0.01);
    assert_true(z.rating < 1400 && z.rd == 45.0); /* its RD floored */
    TrainerRating q = {1500, 200, 0.06}, y = {1550, 100, 0.06};
    trainer_glicko(&q, &y, false);
    assert_true(fabs(q.rating - 1426.686) < 0.01);
    assert_true(fabs(q.rd - 175.903) < 0.01);
    assert_true(y.rating > 1550);
}

static void test_record_moves_rating_streak_daily(void **state)
{
    (void)state;
    TrainerState s;
    trainer_init(&s);
    TrainerEntry a = entry("0000000a", 1500, PUZZLE_THEME_VCF, 15, 5);
    TrainerEntry b = entry("0000000b", 1500, PUZZLE_THEME_VCT, 15, 5);
    assert_int_equal(trainer_record(&s, &a, "2026-11-28", TRAINER_SOLVED, true), 0);
    assert_true(s.player.rating > 1500);
    assert_true(trainer_puzzle_rating(&s, &a).rating < 1500);
    assert_int_equal(s.streak, 1);
    assert_string_equal(s.daily_date, "2026-11-28");
    assert_true(s.daily_solved);
    double before = s.player.rating;
    assert_int_equal(trainer_record(&s, &b, "2026-11-28", TRAINER_HELPED, false), 0);
    assert_true(s.player.rating == before); /* a hint: not rated */
    assert_int_equal(s.streak, 1);
    assert_int_equal(trainer_record(&s, &b, "2026-11-29", TRAINER_FAILED, false), 0);
    assert_true(s.player.rating < before);
    assert_int_equal(s.streak, 0);
    assert_int_equal(s.best_streak, 1);
    assert_int_equal(s.nhistory, 3);
    assert_int_equal(s.history[2].outcome, TRAINER_FAILED);
    const TrainerPlayed *pb = trainer_played(&s, "0000000b");
    assert_non_null(pb);
    assert_int_equal(pb->tries, 2);
    assert_int_equal(pb->solved, 1);
    trainer_free(&s);
}

static void test_history_is_bounded(void **state)
{
    (void)state;
    TrainerState s;
    trainer_init(&s);
    TrainerEntry a = entry("0000000a", 1500, 0, 15, 5);
    for (int i = 0; i < TRAINER_HISTORY_MAX + 20; i++) {
        assert_int_equal(
            trainer_record(&s, &a, "2026-11-28", i % 2 ? TRAINER_SOLVED : TRAINER_FAILED, false),
            0);
    }
    assert_int_equal(s.nhistory, TRAINER_HISTORY_MAX);
    assert_int_equal(s.nplayed, 1);
    assert_int_equal(s.played[0].tries, TRAINER_HISTORY_MAX + 20);
    trainer_free(&s);
}

/* ---- the file -------------------------------------------------------------------- */

static void test_file_round_trip(void **state)
{
    (void)state;
    TrainerState s, t;
    trainer_init(&s);
    trainer_init(&t);
    TrainerEntry a = entry("0123abcd", 1700, 0, 15, 5);
    assert_int_equal(trainer_record(&s, &a, "2026-11-27", TRAINER_SOLVED, true), 0);
    assert_int_equal(trainer_record(&s, &a, "2026-11-28", TRAINER_FAILED, false), 0);
    char *text;
    size_t len;
    char err[100];
    assert_int_equal(trainer_format(&s, &text, &len), 0);
    assert_int_equal(trainer_parse(&t, text, len, err, sizeof err), 0);
    char *again;
    size_t len2;
    assert_int_equal(trainer_format(&t, &again, &len2), 0);
    assert_int_equal(len, len2);
    assert_memory_equal(text, again, len);
    assert_true(fabs(t.player.rating - s.player.rating) < 0.01);
    assert_int_equal(t.nhistory, 2);
    assert_int_equal(t.streak, 0);
    assert_int_equal(t.best_streak, 1);
    assert_string_equal(t.daily_date, "2026-11-27");
    free(text);
    free(again);
    trainer_free(&s);
    trainer_free(&t);
}

static void test_damaged_file_is_refused(void **state)
{
    (void)state;
    static const char *const BAD[] = {
        "",
        "not a history\n",
        "gomoku-puzzle-history 1\nplayer 1500 400 0.06\n", /* RD out of range */
        "gomoku-puzzle-history 1\nplayer nan 100 0.06\n",
        "gomoku-puzzle-history 1\nstreak 5 2\n", /* best below current */
        "gomoku-puzzle-history 1\npuzzle 0123ABCD 1500 100 0.06 1 0\n",
        "gomoku-puzzle-history 1\npuzzle 0123abcd 1500 100 0.06 1 2\n",
        "gomoku-puzzle-history 1\nattempt 2026-13-01 0123abcd solved 1500\n",
        "gomoku-puzzle-history 1\nattempt 2026-11-01 0123abcd won 1500\n",
        "gomoku-puzzle-history 1\ndaily 2026-11-01 maybe\n",
        "gomoku-puzzle-history 1\nplayer 1500 100 0.06 extra\n",
        "gomoku-puzzle-history 1\nwhat 1\n",
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        TrainerState s;
        trainer_init(&s);
        char err[100] = "";
        if (trainer_parse(&s, BAD[i], strlen(BAD[i]), err, sizeof err) != -1) {
            fail_msg("accepted: %s", BAD[i]);
        }
        assert_true(err[0] != '\0');
        trainer_free(&s);
    }
    TrainerState s;
    trainer_init(&s);
    const char *ok = "gomoku-puzzle-history 1\r\n# a comment\r\n\r\nstreak 2 5\r\n";
    char err[100];
    assert_int_equal(trainer_parse(&s, ok, strlen(ok), err, sizeof err), 0);
    assert_int_equal(s.best_streak, 5);
    trainer_free(&s);
}

/* ---- choosing ------------------------------------------------------------------------ */

static void test_pick_near_rating_and_filter(void **state)
{
    (void)state;
    TrainerState s;
    trainer_init(&s);
    TrainerEntry e[12];
    for (int i = 0; i < 12; i++) {
        char id[9];
        snprintf(id, sizeof id, "%08x", i);
        e[i] = entry(id, 800 + 100 * i, i % 2 ? PUZZLE_THEME_VCF : PUZZLE_THEME_DEFENCE, 15, 5);
    }
    e[11].size = 9;
    e[11].k = 4;
    TrainerFilter all = trainer_filter_preset(TRAINER_THEME_ALL);
    uint64_t rng = 1;
    for (int t = 0; t < 50; t++) {
        int i = trainer_pick(&s, e, 12, &all, -1, &rng);
        assert_in_range(i, 0, 11);
    }
    /* Fewer than PICK_NEAREST: every one may come; a filter narrows. */
    TrainerFilter vcf = trainer_filter_preset(TRAINER_THEME_VCF);
    for (int t = 0; t < 50; t++) {
        int i = trainer_pick(&s, e, 12, &vcf, -1, &rng);
        assert_true(i % 2 == 1);
    }
    TrainerFilter four = trainer_filter_preset(TRAINER_THEME_FOUR);
    assert_int_equal(trainer_pick(&s, e, 12, &four, -1, &rng), 11);
    assert_int_equal(trainer_pick(&s, e, 12, &four, 11, &rng), 11); /* nothing else */
    TrainerFilter mine = trainer_filter_preset(TRAINER_THEME_MINE);
    assert_int_equal(trainer_pick(&s, e, 12, &mine, -1, &rng), -1);
    /* Many puzzles: the choice is among the nearest in rating. */
    TrainerEntry many[100];
    for (int i = 0; i < 100; i++) {
        char id[9];
        snprintf(id, sizeof id, "%08x", 100 + i);
        many[i] = entry(id, 600 + 20 * i, 0, 15, 5);
    }
    for (int t = 0; t < 50; t++) {
        int i = trainer_pick(&s, many, 100, &all, -1, &rng);
        assert_true(fabs(many[i].base_rating - 1500.0) <= 80.0);
    }
    /* Puzzles tried come after those never tried. */
    for (int i = 0; i < 99; i++) {
        assert_int_equal(trainer_record(&s, &many[i], "2026-11-28", TRAINER_SOLVED, false), 0);
    }
    assert_int_equal(trainer_pick(&s, many, 100, &all, -1, &rng), 99);
    trainer_free(&s);
}

static void test_daily_is_fixed_by_date(void **state)
{
    (void)state;
    TrainerEntry e[40];
    for (int i = 0; i < 40; i++) {
        char id[9];
        snprintf(id, sizeof id, "%08x", i);
        e[i] = entry(id, 1200, 0, i % 4 == 0 ? 15 : 9, 5);
    }
    int a = trainer_daily(e, 40, "2026-11-28");
    assert_int_equal(a, trainer_daily(e, 40, "2026-11-28"));
    assert_int_equal(e[a].size, 15);
    int differ = 0;
    char d[11];
    for (int day = 1; day <= 28; day++) {
        snprintf(d, sizeof d, "2026-02-%02d", day);
        int i = trainer_daily(e, 40, d);
        assert_int_equal(e[i].size, 15);
        differ += i != a;
    }
    assert_true(differ > 10);
    assert_int_equal(trainer_daily(e, 0, "2026-11-28"), -1);
}

static void test_index_reads_lines(void **state)
{
    (void)state;
    const char *text = "# a set\n" WIN_LINE "\nnot a puzzle\n\n" DEFEND_LINE "\n";
    TrainerEntry *e = NULL;
    int n = 0, cap = 0, bad = 0;
    assert_int_equal(trainer_index(text, strlen(text), &e, &n, &cap, &bad), 0);
    assert_int_equal(n, 2);
    assert_int_equal(bad, 1);
    assert_int_equal(e[0].goal, PUZZLE_GOAL_WIN);
    assert_int_equal(e[1].goal, PUZZLE_GOAL_DEFEND);
    assert_int_equal(e[1].base_rating, 1300);
    Puzzle p;
    char err[100];
    assert_int_equal(trainer_entry_puzzle(&e[1], &p, err, sizeof err), 0);
    assert_int_equal(p.nsolution, 2);
    free(e);
}

static void test_mine_append(void **state)
{
    (void)state;
    Puzzle p, q;
    read_puzzle(WIN_LINE, &p);
    read_puzzle(DEFEND_LINE, &q);
    puzzle_make_id(&p);
    puzzle_make_id(&q);
    char *a, *b;
    size_t la, lb;
    assert_int_equal(trainer_mine_append(NULL, 0, &p, &a, &la), 0);
    assert_int_equal(strlen(a), la);
    assert_int_equal(trainer_mine_append(a, la, &p, &b, &lb), 1); /* already there */
    /* A file without its last newline gains one before the new line. */
    assert_int_equal(trainer_mine_append(a, la - 1, &q, &b, &lb), 0);
    TrainerEntry *e = NULL;
    int n = 0, cap = 0, bad = 0;
    assert_int_equal(trainer_index(b, lb, &e, &n, &cap, &bad), 0);
    assert_int_equal(n, 2);
    assert_int_equal(bad, 0);
    assert_string_equal(e[0].id, p.id);
    assert_string_equal(e[1].id, q.id);
    free(e);
    free(a);
    free(b);
}

/* ---- attempts ------------------------------------------------------------------------- */

/* Runs the refutation as the app's thread would, on a small budget. */
static void refute(TrainerRun *r)
{
    TrainerRefuteJob job;
    trainer_run_job(r, &job);
    job.nodes = 60000;
    Ai *ai = ai_new(0);
    assert_non_null(ai);
    TrainerRefutation a;
    assert_int_equal(trainer_refute(ai, &job, NULL, &a), 0);
    ai_free(ai);
    trainer_run_refuted(r, &a);
}

static void test_win_along_the_line(void **state)
{
    (void)state;
    Puzzle p;
    read_puzzle(WIN_LINE, &p);
    TrainerRun r;
    assert_int_equal(trainer_run_start(&r, &p), 0);
    assert_int_equal(r.solver, STONE_BLACK);
    assert_int_equal(trainer_run_play(&r, mv("h8"), NULL), TRAINER_MOVE_ILLEGAL); /* taken */
    assert_int_equal(trainer_run_play(&r, mv("k8"), NULL), TRAINER_MOVE_CORRECT);
    assert_int_equal(game_move_count(r.game), p.nmoves + 2); /* the reply is played */
    assert_true(move_equal(game_last_move(r.game), mv("l8")));
    assert_int_equal(trainer_run_play(&r, mv("g8"), NULL), TRAINER_MOVE_SOLVED);
    assert_int_equal(r.state, TRAINER_RUN_SOLVED);
    assert_int_equal(trainer_run_outcome(&r), TRAINER_SOLVED);
    assert_int_equal(game_result(r.game), GAME_BLACK_WINS);
    trainer_run_free(&r);
}

static void test_wrong_move_refuted_then_retry(void **state)
{
    (void)state;
    Puzzle p;
    read_puzzle(WIN_LINE, &p);
    TrainerRun r;
    assert_int_equal(trainer_run_start(&r, &p), 0);
    assert_int_equal(trainer_run_play(&r, mv("o15"), NULL), TRAINER_MOVE_CHECK);
    assert_int_equal(r.state, TRAINER_RUN_CHECKING);
    assert_int_equal(trainer_run_play(&r, mv("k8"), NULL), TRAINER_MOVE_ILLEGAL); /* waits */
    trainer_run_cancel(&r); /* the player left: nothing counted, the move taken back */
    assert_int_equal(r.state, TRAINER_RUN_SOLVING);
    assert_false(r.failed);
    assert_int_equal(game_move_count(r.game), p.nmoves);
    assert_int_equal(trainer_run_play(&r, mv("o15"), NULL), TRAINER_MOVE_CHECK);
    refute(&r);
    assert_int_equal(r.state, TRAINER_RUN_WRONG);
    assert_true(r.failed);
    assert_true(move_is_valid(r.refute.reply));
    assert_int_equal(game_move_count(r.game), p.nmoves + 2);
    assert_true(trainer_run_retry(&r));
    assert_int_equal(game_move_count(r.game), p.nmoves);
    assert_int_equal(trainer_run_play(&r, mv("k8"), NULL), TRAINER_MOVE_CORRECT);
    assert_int_equal(trainer_run_play(&r, mv("g8"), NULL), TRAINER_MOVE_SOLVED);
    assert_int_equal(trainer_run_outcome(&r), TRAINER_FAILED); /* counted at the mistake */
    trainer_run_free(&r);
}

static void test_other_win_is_not_wrong(void **state)
{
    (void)state;
    Puzzle p;
    read_puzzle(WIN_LINE, &p);
    TrainerRun r;
    assert_int_equal(trainer_run_start(&r, &p), 0);
    /* g8 makes the open four from the other end: it wins too. */
    assert_int_equal(trainer_run_play(&r, mv("g8"), NULL), TRAINER_MOVE_CHECK);
    refute(&r);
    assert_int_equal(r.state, TRAINER_RUN_ALSO_WINS);
    assert_false(r.failed);
    assert_true(trainer_run_retry(&r));
    assert_int_equal(r.state, TRAINER_RUN_SOLVING);
    trainer_run_free(&r);
}

static void test_defence(void **state)
{
    (void)state;
    Puzzle p;
    read_puzzle(DEFEND_LINE, &p);
    TrainerRun r;
    assert_int_equal(trainer_run_start(&r, &p), 0);
    assert_int_equal(r.solver, STONE_WHITE);
    Move region;
    assert_int_equal(trainer_run_hint(&r, &region), TRAINER_HINT_DEFEND);
    assert_true(abs(region.x - mv("g8").x) <= 1 && abs(region.y - mv("g8").y) <= 1);
    assert_int_equal(trainer_run_play(&r, mv("e3"), NULL), TRAINER_MOVE_CHECK);
    refute(&r);
    assert_int_equal(r.state, TRAINER_RUN_WRONG);
    assert_true(r.refute.win_plies > 0);
    Move m = r.refute.reply;
    assert_true(move_equal(m, mv("g8")) || move_equal(m, mv("k8")));
    assert_true(trainer_run_retry(&r));
    assert_int_equal(trainer_run_play(&r, mv("k8"), NULL), TRAINER_MOVE_SOLVED);
    assert_int_equal(trainer_run_outcome(&r), TRAINER_FAILED);
    trainer_run_free(&r);

    assert_int_equal(trainer_run_start(&r, &p), 0);
    (void)trainer_run_hint(&r, &region);
    assert_int_equal(trainer_run_play(&r, mv("g8"), NULL), TRAINER_MOVE_SOLVED);
    assert_int_equal(trainer_run_outcome(&r), TRAINER_HELPED);
    trainer_run_free(&r);
}

static void test_hints_and_solution_shown(void **state)
{
    (void)state;
    Puzzle p;
    read_puzzle(WIN_LINE, &p);
    TrainerRun r;
    assert_int_equal(trainer_run_start(&r, &p), 0);
    Move region;
    assert_int_equal(trainer_run_hint(&r, &region), TRAINER_HINT_FOUR);
    assert_true(abs(region.x - mv("k8").x) <= 1 && abs(region.y - mv("k8").y) <= 1);
    assert_int_equal(trainer_run_play(&r, mv("k8"), NULL), TRAINER_MOVE_CORRECT);
    assert_int_equal(trainer_run_hint(&r, &region), TRAINER_HINT_FIVE);
    Move line[8];
    assert_int_equal(trainer_run_line(&r, line, 8), 1);
    assert_true(move_equal(line[0], mv("g8")));
    trainer_run_show(&r);
    assert_int_equal(r.state, TRAINER_RUN_SHOWN);
    assert_int_equal(trainer_run_outcome(&r), TRAINER_FAILED);
    assert_int_equal(trainer_run_play(&r, mv("g8"), NULL), TRAINER_MOVE_ILLEGAL);
    assert_true(trainer_run_retry(&r)); /* from the start again */
    assert_int_equal(game_move_count(r.game), p.nmoves);
    assert_int_equal(trainer_run_line(&r, line, 8), 3);
    trainer_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_glicko_matches_reference),
        cmocka_unit_test(test_record_moves_rating_streak_daily),
        cmocka_unit_test(test_history_is_bounded),
        cmocka_unit_test(test_file_round_trip),
        cmocka_unit_test(test_damaged_file_is_refused),
        cmocka_unit_test(test_pick_near_rating_and_filter),
        cmocka_unit_test(test_daily_is_fixed_by_date),
        cmocka_unit_test(test_index_reads_lines),
        cmocka_unit_test(test_mine_append),
        cmocka_unit_test(test_win_along_the_line),
        cmocka_unit_test(test_wrong_move_refuted_then_retry),
        cmocka_unit_test(test_other_win_is_not_wrong),
        cmocka_unit_test(test_defence),
        cmocka_unit_test(test_hints_and_solution_shown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
