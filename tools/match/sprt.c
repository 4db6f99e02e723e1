/*
 * sprt.c - the sequential probability ratio test over pairs of games
 * (see sprt.h).
 */
#include "sprt.h"

#include <math.h>
#include <stdlib.h>

/* Added to every pentanomial class before the mean and variance are taken:
 * small enough not to move an estimate made from a few pairs, large
 * enough that identical pairs do not give a zero variance (fishtest
 * regularises the same way). */
#define PSEUDO_COUNT 1e-3

#define MAX_ELO 1000.0

/* Expected score per game of a player elo stronger (logistic curve). */
static double score_of_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* Reads one number followed by ',' or the end; moves *text past both.
 * Returns 0, or -1 when there is no number. */
static int read_number(const char **text, double *out)
{
    char *end = NULL;
    double v = strtod(*text, &end);
    if (end == *text || (*end != ',' && *end != '\0') || !isfinite(v)) {
        return -1;
    }
    *out = v;
    *text = *end == ',' ? end + 1 : end;
    return 0;
}

int sprt_parse(const char *text, SprtTest *out)
{
    double v[4] = {0.0, 0.0, 0.05, 0.05};
    int n = 0;
    if (text == NULL || *text == '\0') {
        return -1;
    }
    while (*text != '\0') {
        if (n == 4 || read_number(&text, &v[n]) != 0) {
            return -1;
        }
        n++;
        if (text[-1] == ',' && *text == '\0') {
            return -1; /* a trailing comma: a number left out */
        }
    }
    if (n < 2 || v[0] >= v[1] || fabs(v[0]) > MAX_ELO || fabs(v[1]) > MAX_ELO) {
        return -1;
    }
    for (int i = 2; i < 4; i++) {
        if (!(v[i] > 0.0 && v[i] < 0.5)) {
            return -1;
        }
    }
    *out = (SprtTest){v[0], v[1], v[2], v[3]};
    return 0;
}

void sprt_bounds(const SprtTest *t, double *lower, double *upper)
{
    *lower = log(t->beta / (1.0 - t->alpha));
    *upper = log((1.0 - t->beta) / t->alpha);
}

/* The distribution closest to the observed one (most likely to have
 * given the counts) among those whose mean score is s: p[i] = q[i] / (1 +
 * lambda (x[i] - s)), lambda found by bisection, since the mean of p falls
 * as lambda grows.  q sums to 1 and holds every class (the pseudo-counts),
 * so some lambda in (-1 / (1 - s), 1 / s) gives mean s exactly. */
static void closest_with_mean(const double q[SPRT_PENTA], double s, double p[SPRT_PENTA])
{
    double lo = -1.0 / (1.0 - s), hi = 1.0 / s;
    for (int it = 0; it < 200; it++) {
        double lambda = 0.5 * (lo + hi), f = 0.0;
        for (int i = 0; i < SPRT_PENTA; i++) {
            double d = i / 4.0 - s;
            f += q[i] * d / (1.0 + lambda * d);
        }
        if (f > 0.0) {
            lo = lambda;
        } else {
            hi = lambda;
        }
    }
    double lambda = 0.5 * (lo + hi);
    for (int i = 0; i < SPRT_PENTA; i++) {
        p[i] = q[i] / (1.0 + lambda * (i / 4.0 - s));
    }
}

double sprt_llr(const SprtTest *t, const int penta[SPRT_PENTA])
{
    double pairs = 0.0, n = 0.0;
    for (int i = 0; i < SPRT_PENTA; i++) {
        pairs += penta[i];
        n += penta[i] + PSEUDO_COUNT;
    }
    if (pairs <= 0.0) {
        return 0.0;
    }
    double q[SPRT_PENTA], p0[SPRT_PENTA], p1[SPRT_PENTA];
    for (int i = 0; i < SPRT_PENTA; i++) {
        q[i] = (penta[i] + PSEUDO_COUNT) / n;
    }
    closest_with_mean(q, score_of_elo(t->elo0), p0);
    closest_with_mean(q, score_of_elo(t->elo1), p1);
    double llr = 0.0;
    for (int i = 0; i < SPRT_PENTA; i++) {
        llr += q[i] * log(p1[i] / p0[i]);
    }
    return pairs * llr;
}

SprtVerdict sprt_verdict(const SprtTest *t, const int penta[SPRT_PENTA], double *llr)
{
    double lower, upper;
    double v = sprt_llr(t, penta);
    sprt_bounds(t, &lower, &upper);
    if (llr != NULL) {
        *llr = v;
    }
    return v >= upper ? SPRT_H1 : v <= lower ? SPRT_H0 : SPRT_GOING;
}

int sprt_pair_class(int a_half_points_1, int a_half_points_2)
{
    int c = a_half_points_1 + a_half_points_2;
    return c < 0 ? 0 : c > 4 ? 4 : c;
}
