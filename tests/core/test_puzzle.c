/*
 * test_puzzle.c - the puzzle line: reading, writing back, the checks of
 * the moves and the solution, symmetries and the position's id.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/puzzle.h"

/* Black's open three g8 h8 i8 (white far away): j8 makes an open four,
 * white blocks k8, f8 wins. */
static const char WIN[] = "0123abcd 15 freestyle 5 win vcf 1200 3 : h8 a1 i8 a3 g8 a5 : j8 k8 f8";

/* The same three with white to move: only f8 and j8 hold (after e8 or
 * k8, black still makes an open four). */
static const char DEFEND[] =
    "89abcdef 15 freestyle 5 defend defence 1500 3 : h8 a1 i8 a3 g8 : f8 j8";

static Puzzle pz;

static int parse(const char *line, char *err, size_t errlen)
{
    return puzzle_parse(line, strlen(line), &pz, err, errlen);
}

static void test_reads_a_win(void **state)
{
    (void)state;
    char err[200] = "";
    assert_int_equal(parse(WIN, err, sizeof err), 0);
    assert_string_equal(pz.id, "0123abcd");
    assert_int_equal(pz.size, 15);
    assert_int_equal(pz.rules.kind, RULE_FREESTYLE);
    assert_int_equal(pz.rules.k, 5);
    assert_int_equal(pz.goal, PUZZLE_GOAL_WIN);
    assert_int_equal(pz.themes, PUZZLE_THEME_VCF);
    assert_int_equal(pz.rating, 1200);
    assert_int_equal(pz.plies, 3);
    assert_int_equal(pz.nmoves, 6);
    assert_int_equal(pz.nsolution, 3);
    Board b;
    Stone s = STONE_EMPTY;
    assert_int_equal(puzzle_position(&pz, &b, &s), 0);
    assert_int_equal(s, STONE_BLACK);
    assert_int_equal(b.count, 6);
}

static void test_writes_back_the_same_line(void **state)
{
    (void)state;
    const char *lines[] = {WIN, DEFEND};
    for (int i = 0; i < 2; i++) {
        char out[PUZZLE_LINE_MAX];
        assert_int_equal(parse(lines[i], NULL, 0), 0);
        int n = puzzle_format(&pz, out, sizeof out);
        assert_int_equal(n, (int)strlen(lines[i]));
        assert_string_equal(out, lines[i]);
        /* Too small a buffer: refused, never cut. */
        assert_int_equal(puzzle_format(&pz, out, (size_t)n), -1);
    }
}

static void test_blank_and_comment_lines(void **state)
{
    (void)state;
    assert_int_equal(parse("", NULL, 0), 1);
    assert_int_equal(parse("   \t", NULL, 0), 1);
    assert_int_equal(parse("# a comment : with : colons", NULL, 0), 1);
}

/* Each line is wrong in one way; each gets a reason. */
static void test_refuses_what_is_wrong(void **state)
{
    (void)state;
    static const char *const BAD[] = {
        "0123abcd 15 freestyle 5 win vcf 1200 3 : h8 a1 i8 a3 g8 a5 : j8 k8 e8",    /* no win */
        "0123abcd 15 freestyle 5 win vcf 1200 2 : h8 a1 i8 a3 g8 a5 : j8 k8",       /* even */
        "0123abcd 15 freestyle 5 win vcf 1200 5 : h8 a1 i8 a3 g8 a5 : j8 k8 f8",    /* plies */
        "0123abcd 15 freestyle 5 win vcf 1200 3 : h8 h8 i8 a3 g8 a5 : j8 k8 f8",    /* occupied */
        "0123abcd 15 freestyle 5 win vcf 1200 3 : h8 a1 i8 a3 g8 a5 : j8 j8 f8",    /* occupied */
        "0123abcd 15 freestyle 5 win vcf 1200 1 : h8 a1 i8 a2 j8 a3 k8 a4 l8 : a5", /* over */
        "0123abcd 15 freestyle 5 win vcx 1200 3 : h8 a1 i8 a3 g8 a5 : j8 k8 f8",    /* theme */
        "0123ABCD 15 freestyle 5 win vcf 1200 3 : h8 a1 i8 a3 g8 a5 : j8 k8 f8",    /* id */
        "0123abc 15 freestyle 5 win vcf 1200 3 : h8 a1 i8 a3 g8 a5 : j8 k8 f8",     /* id */
        "0123abcd 15 freestyle 5 win vcf 9000 3 : h8 a1 i8 a3 g8 a5 : j8 k8 f8",    /* rating */
        "0123abcd 15 renju 4 win vcf 1200 3 : h8 a1 i8 a3 g8 a5 : j8 k8 f8",        /* rule */
        "0123abcd 15 freestyle 5 lose vcf 1200 3 : h8 a1 i8 a3 g8 a5 : j8 k8 f8",   /* goal */
        "0123abcd 15 freestyle 5 win vcf 1200 3 : h8 a1 i8 a3 g8 a5 : j8 k8 z8",    /* point */
        "0123abcd 15 freestyle 5 win vcf 1200 3 : h8 a1 i8 a3 g8 a5 j8 k8 f8",      /* parts */
        "0123abcd 15 freestyle 5 win vcf 1200 : h8 a1 i8 a3 g8 a5 : j8 k8 f8",      /* head */
        "0123abcd 15 freestyle 5 win vcf 1200 3 : : ",                              /* empty */
        "89abcdef 15 freestyle 5 defend defence 1500 3 : h8 a1 i8 a3 g8 : f8 f8",   /* twice */
        "89abcdef 15 freestyle 5 defend defence 1500 3 : h8 a1 i8 a3 g8 : h8",      /* taken */
        "89abcdef 15 freestyle 5 defend defence 1500 3 : h8 a1 i8 a3 g8 : "
        "a2 b2 c2 d2 e2 f2 g2 h2 i2",                                            /* too many */
        "0123abcd 30 freestyle 5 win vcf 1200 3 : h8 a1 i8 a3 g8 a5 : j8 k8 f8", /* size */
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        char err[200] = "";
        if (parse(BAD[i], err, sizeof err) != -1) {
            fail_msg("line %zu was taken: %s", i, BAD[i]);
        }
        assert_true(err[0] != '\0');
        if (getenv("PUZZLE_VERBOSE") != NULL) {
            print_message("%zu: %s\n", i, err);
        }
    }
}

/* Renju: a solution through a point forbidden to black is refused, while
 * the same line in freestyle is a puzzle. */
static void test_renju_forbidden_point(void **state)
{
    (void)state;
    /* d8 joins a8 b8 c8 and e8 f8 into six: a win in freestyle, a
     * forbidden point (overline) for black in renju. */
    const char *free6 =
        "0123abcd 15 freestyle 5 win vcf 1200 1 : a8 a1 b8 a3 c8 a5 e8 a7 f8 a9 : d8";
    const char *renju6 = "0123abcd 15 renju 5 win vcf 1200 1 : a8 a1 b8 a3 c8 a5 e8 a7 f8 a9 : d8";
    char err[200] = "";
    assert_int_equal(parse(free6, err, sizeof err), 0);
    assert_int_equal(parse(renju6, err, sizeof err), -1); /* d8 makes six: forbidden */
    assert_non_null(strstr(err, "not a legal move"));
}

static void test_symmetries(void **state)
{
    (void)state;
    const Move m = {2, 5};
    Move seen[8];
    for (int s = 0; s < 8; s++) {
        seen[s] = puzzle_sym(m, 15, s);
        assert_true(seen[s].x >= 0 && seen[s].x < 15 && seen[s].y >= 0 && seen[s].y < 15);
        for (int t = 0; t < s; t++) {
            assert_false(move_equal(seen[s], seen[t]));
        }
    }
    assert_true(move_equal(puzzle_sym(m, 15, 0), m));
    assert_true(move_equal(puzzle_sym((Move){7, 7}, 15, 5), (Move){7, 7})); /* the centre */
    assert_true(move_equal(puzzle_sym(MOVE_NONE, 15, 3), MOVE_NONE));
}

/* A turned or mirrored copy of a puzzle is the same puzzle: same id; a
 * different position or side to move, another id. */
static void test_id_under_symmetry(void **state)
{
    (void)state;
    assert_int_equal(parse(WIN, NULL, 0), 0);
    puzzle_make_id(&pz);
    char id[PUZZLE_ID_LEN + 1];
    memcpy(id, pz.id, sizeof id);
    assert_int_equal((int)strlen(id), PUZZLE_ID_LEN);
    Puzzle base = pz;
    for (int s = 1; s < 8; s++) {
        Puzzle t = base;
        for (int i = 0; i < t.nmoves; i++) {
            t.moves[i] = puzzle_sym(base.moves[i], t.size, s);
        }
        for (int i = 0; i < t.nsolution; i++) {
            t.solution[i] = puzzle_sym(base.solution[i], t.size, s);
        }
        assert_int_equal(puzzle_check(&t, NULL, 0), 0);
        puzzle_make_id(&t);
        assert_string_equal(t.id, id);
    }
    Puzzle other = base;
    other.moves[1] = (Move){0, 1}; /* white's first stone moved */
    puzzle_make_id(&other);
    assert_string_not_equal(other.id, id);
    assert_int_equal(parse(DEFEND, NULL, 0), 0); /* five stones: white to move */
    puzzle_make_id(&pz);
    assert_string_not_equal(pz.id, id);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_a_win),
        cmocka_unit_test(test_writes_back_the_same_line),
        cmocka_unit_test(test_blank_and_comment_lines),
        cmocka_unit_test(test_refuses_what_is_wrong),
        cmocka_unit_test(test_renju_forbidden_point),
        cmocka_unit_test(test_symmetries),
        cmocka_unit_test(test_id_under_symmetry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
