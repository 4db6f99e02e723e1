/*
 * test_sprt.c - gomoku-match's sequential test (tools/match/sprt.h): the
 * option's parsing, the ratio against a hand computation, and, over many
 * simulated matches, the error rates it promises.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "sprt.h"

static void test_parse(void **state)
{
    (void)state;
    SprtTest t;
    assert_int_equal(sprt_parse("0,10", &t), 0);
    assert_true(t.elo0 == 0.0 && t.elo1 == 10.0 && t.alpha == 0.05 && t.beta == 0.05);
    assert_int_equal(sprt_parse("-5,5,0.1,0.2", &t), 0);
    assert_true(t.elo0 == -5.0 && t.elo1 == 5.0 && t.alpha == 0.1 && t.beta == 0.2);
    assert_int_equal(sprt_parse("0,10,0.01", &t), 0);
    assert_true(t.alpha == 0.01 && t.beta == 0.05);
    static const char *const bad[] = {
        "",       "0",    "10,0",  "5,5",  "0,10,", "0,10,0.5", "0,10,0", "a,b", "0,10,0.05,0.05,1",
        "0,2000", "0;10", "0,10x", ",0,10"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(sprt_parse(bad[i], &t), -1);
    }
    assert_int_equal(sprt_parse(NULL, &t), -1);
}

static void test_bounds(void **state)
{
    (void)state;
    SprtTest t = {0.0, 10.0, 0.05, 0.05};
    double lo, hi;
    sprt_bounds(&t, &lo, &hi);
    assert_true(fabs(lo + log(19.0)) < 1e-9 && fabs(hi - log(19.0)) < 1e-9);
    t.alpha = 0.1;
    t.beta = 0.2;
    sprt_bounds(&t, &lo, &hi);
    assert_true(fabs(lo - log(0.2 / 0.9)) < 1e-9 && fabs(hi - log(0.8 / 0.1)) < 1e-9);
}

static void test_pair_class(void **state)
{
    (void)state;
    assert_int_equal(sprt_pair_class(0, 0), 0);
    assert_int_equal(sprt_pair_class(1, 0), 1);
    assert_int_equal(sprt_pair_class(2, 0), 2);
    assert_int_equal(sprt_pair_class(1, 1), 2);
    assert_int_equal(sprt_pair_class(1, 2), 3);
    assert_int_equal(sprt_pair_class(2, 2), 4);
}

/* 100 pairs, mean score 0.5, variance 0.075: the normal approximation,
 * by hand, gives 100 (s1 - s0) (1 - s0 - s1) / 0.15 = -0.138 for 0
 * against 10 Elo, which this many pairs near both hypotheses should
 * match. */
static void test_llr_by_hand(void **state)
{
    (void)state;
    SprtTest t = {0.0, 10.0, 0.05, 0.05};
    const int penta[SPRT_PENTA] = {10, 20, 40, 20, 10};
    double s1 = 1.0 / (1.0 + pow(10.0, -10.0 / 400.0));
    double want = 100.0 * (s1 - 0.5) * (1.0 - 0.5 - s1) / (2.0 * 0.075);
    assert_true(fabs(sprt_llr(&t, penta) - want) < 1e-3);
    assert_true(want < -0.13 && want > -0.15);

    const int none[SPRT_PENTA] = {0};
    assert_true(sprt_llr(&t, none) == 0.0);
    /* Mirror images: the same evidence for and against. */
    const int good[SPRT_PENTA] = {5, 10, 20, 30, 15};
    const int bad[SPRT_PENTA] = {15, 30, 20, 10, 5};
    SprtTest sym = {-10.0, 10.0, 0.05, 0.05};
    assert_true(sprt_llr(&sym, good) > 0.0);
    assert_true(fabs(sprt_llr(&sym, good) + sprt_llr(&sym, bad)) < 1e-9);
}

static void test_verdicts(void **state)
{
    (void)state;
    SprtTest t = {0.0, 10.0, 0.05, 0.05};
    /* A ratio for 0 against 10 Elo grows slowly even with lopsided pairs:
     * both hypotheses are far from what is seen (100 such pairs: 2.84). */
    const int strong[SPRT_PENTA] = {0, 0, 20, 40, 140};
    const int weak[SPRT_PENTA] = {140, 40, 20, 0, 0};
    const int few[SPRT_PENTA] = {0, 0, 1, 1, 0};
    double llr = 0.0;
    assert_int_equal(sprt_verdict(&t, strong, &llr), SPRT_H1);
    assert_true(llr > log(19.0));
    assert_int_equal(sprt_verdict(&t, weak, &llr), SPRT_H0);
    assert_true(llr < -log(19.0));
    assert_int_equal(sprt_verdict(&t, few, NULL), SPRT_GOING);
    /* Identical even pairs settle H0 in finite time, never at once. */
    int even[SPRT_PENTA] = {0, 0, 1, 0, 0};
    assert_int_equal(sprt_verdict(&t, even, NULL), SPRT_GOING);
    even[2] = 1000;
    assert_int_equal(sprt_verdict(&t, even, &llr), SPRT_H0);
    assert_true(isfinite(llr));
}

/* A small generator, so the simulation is the same on every machine. */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double rng_unit(uint64_t *s)
{
    return (double)(rng_next(s) >> 11) / 9007199254740992.0;
}

/* A's half points in one game between players elo apart, with draws
 * drawn at the given rate. */
static int game(uint64_t *s, double elo, double draws)
{
    double score = 1.0 / (1.0 + pow(10.0, -elo / 400.0));
    double win = score - draws / 2.0;
    double u = rng_unit(s);
    return u < win ? 2 : u < win + draws ? 1 : 0;
}

/* Runs matches between players elo apart until t settles (at most
 * max_pairs pairs) and returns how many of runs accepted H1. */
static int accepted_h1(const SprtTest *t, double elo, int runs, uint64_t seed)
{
    uint64_t s = seed;
    int h1 = 0;
    for (int r = 0; r < runs; r++) {
        int penta[SPRT_PENTA] = {0};
        SprtVerdict v = SPRT_GOING;
        for (int pair = 0; pair < 20000 && v == SPRT_GOING; pair++) {
            penta[sprt_pair_class(game(&s, elo, 0.1), game(&s, elo, 0.1))]++;
            v = sprt_verdict(t, penta, NULL);
        }
        h1 += v == SPRT_H1;
    }
    return h1;
}

/* The error rates hold: with the players exactly elo0 apart, H1 is
 * accepted about alpha of the time; exactly elo1 apart, H0 about beta of
 * the time; far apart, the right answer nearly always.  (The bounds are
 * crossed with some overshoot, so the real rates are at or below the
 * wanted ones; the limits leave room for 300 runs' noise.) */
static void test_error_rates(void **state)
{
    (void)state;
    const int runs = 300;
    SprtTest t = {0.0, 40.0, 0.05, 0.05};
    int false_h1 = accepted_h1(&t, 0.0, runs, 1);
    int true_h1 = accepted_h1(&t, 40.0, runs, 2);
    assert_true(false_h1 <= runs * 0.09);
    assert_true(runs - true_h1 <= runs * 0.09);
    assert_true(accepted_h1(&t, 120.0, 100, 3) >= 99);
    assert_true(accepted_h1(&t, -80.0, 100, 4) <= 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse),      cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_pair_class), cmocka_unit_test(test_llr_by_hand),
        cmocka_unit_test(test_verdicts),   cmocka_unit_test(test_error_rates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
