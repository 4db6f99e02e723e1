/*
 * sprt.h - the sequential probability ratio test that stops a match as
 * soon as its answer is clear (gomoku-match --sprt).
 *
 * A match plays each opening twice with colours swapped, so its results
 * come in pairs.  A pair scores 0, 1/2, 1, 3/2 or 2 points for player A:
 * the pentanomial counts.  Scoring pairs rather than games takes out what
 * the opening itself decides (in most openings one colour is better), so
 * the test needs fewer games than one over single games.
 *
 * The test is the generalised SPRT (Michel Van den Bergh's, as fishtest
 * runs it): s0 and s1 are the scores per game that Elo differences elo0
 * and elo1 give (the logistic curve); p0 and p1 the pentanomial
 * distributions most likely to have given the counts among those with
 * mean score s0 and s1; after N pairs with observed frequencies q,
 *
 *     LLR = N sum_i q_i log(p1_i / p0_i),
 *
 * about N (s1 - s0) (2 x - s0 - s1) / (2 sigma^2) for the mean pair score
 * x and its variance sigma^2 once there are enough pairs.  (That
 * approximation alone says too much after a few pairs, when the variance
 * seen is near zero.)
 *
 * H1 (A is elo1 or more stronger) is accepted when LLR reaches
 * log((1 - beta) / alpha), H0 (A is elo0 or less) when it falls to
 * log(beta / (1 - alpha)); alpha and beta are the chances of taking the
 * wrong one.
 */
#ifndef GOMOKU_MATCH_SPRT_H
#define GOMOKU_MATCH_SPRT_H

/* Outcomes of a pair of games, counted by A's points: [0] both lost, [1]
 * a loss and a draw, [2] one each (or two draws), [3] a win and a draw,
 * [4] both won. */
#define SPRT_PENTA 5

typedef struct SprtTest {
    double elo0, elo1;  /* H0: A - B <= elo0; H1: A - B >= elo1 (logistic Elo) */
    double alpha, beta; /* wanted error rates, each in (0, 0.5) */
} SprtTest;

typedef enum SprtVerdict {
    SPRT_GOING = 0, /* neither bound reached: play on */
    SPRT_H0,        /* A is not elo1 stronger: stop, reject */
    SPRT_H1         /* A is stronger by elo1 or more: stop, accept */
} SprtVerdict;

/* Reads "ELO0,ELO1[,ALPHA[,BETA]]" (alpha and beta default to 0.05) into
 * *out.  Returns 0, or -1 when text is malformed, elo0 >= elo1, either
 * Elo is outside +-1000, or alpha or beta is outside (0, 0.5). */
int sprt_parse(const char *text, SprtTest *out);

/* The log-likelihood ratio's stopping bounds for t: *lower (accept H0)
 * is negative, *upper (accept H1) positive. */
void sprt_bounds(const SprtTest *t, double *lower, double *upper);

/* The log-likelihood ratio of H1 over H0 after the pairs counted in
 * penta.  0 with no pairs.  A tiny pseudo-count in every class lets the
 * distributions put weight where no pair fell yet, so a run of identical
 * pairs gives a ratio that grows with the run, not an infinite one. */
double sprt_llr(const SprtTest *t, const int penta[SPRT_PENTA]);

/* Whether the pairs in penta settle t; the ratio goes to *llr when llr is
 * not NULL. */
SprtVerdict sprt_verdict(const SprtTest *t, const int penta[SPRT_PENTA], double *llr);

/* Returns the number of pairs counted in penta. */
static inline int sprt_pairs(const int penta[SPRT_PENTA])
{
    int n = 0;
    for (int i = 0; i < SPRT_PENTA; i++) {
        n += penta[i];
    }
    return n;
}

/* The pentanomial class of a pair from A's half points in each of its
 * games (0 loss, 1 draw, 2 win): 0..4. */
int sprt_pair_class(int a_half_points_1, int a_half_points_2);

#endif
