/*
 * ai_outlook.c - engine score to win chance or forced result.
 */
#include "ai_outlook.h"

#include <math.h>

#include "ai.h"
#include "ai_tune.h"
#include "ai_pattern.h"

/* The side to move's chance is 1 / (1 + e^-z), z = sign(score) *
 * (|score| / scale)^shape, fitted per win length on self-play outcomes by
 * tools/winfit (docs/win-chance.md has the fit, its data and the
 * calibration).  Below five nearly every position the engine scores is
 * already proved won or lost, too few are left to fit: they use five's
 * curve. */
typedef struct OutlookCurve {
    double scale, shape;
} OutlookCurve;

static const OutlookCurve CURVES[7] = {
    [1] = {271.0, 0.9}, [2] = {271.0, 0.9}, [3] = {271.0, 0.9},
    [4] = {271.0, 0.9}, [5] = {271.0, 0.9}, [6] = {2333.0, 1.5},
};

/* Freestyle five and renju have their own evaluations (fitted to Rapfi's,
 * with point shapes), whose scores run larger: each curve is fitted on
 * self-play games of its evaluation (freestyle 300, renju 900).  Where
 * the default engine evaluates freestyle five by the network (ai_net.h;
 * up to 15x15), its curve is fitted on 300 self-play games of the
 * network as the engine scales it (docs/win-chance.md). */
static const OutlookCurve CURVE_FREESTYLE5 = {410.0, 0.8};
static const OutlookCurve CURVE_FREESTYLE5_NET = {294.0, 1.2};
static const OutlookCurve CURVE_RENJU5 = {659.0, 0.7};

/* Returns the curve for rules r on a size x size board. */
static const OutlookCurve *curve_for(Rules r, int size)
{
    const int k = r.k < 1 ? 1 : r.k > 6 ? 6 : r.k;
    if (k == 5 && r.kind == RULE_FREESTYLE) {
        return ai_default_net(r, size) ? &CURVE_FREESTYLE5_NET : &CURVE_FREESTYLE5;
    }
    if (k == 5 && r.kind == RULE_RENJU) {
        return &CURVE_RENJU5;
    }
    return &CURVES[k];
}

int ai_win_permille(int score, Rules r, int size)
{
    const OutlookCurve *c = curve_for(r, size);
    double z = pow(fabs((double)score) / c->scale, c->shape);
    z = score < 0 ? -z : z;
    double p = 1.0 / (1.0 + exp(-z));
    int pm = (int)lround(p * 1000.0);
    return pm < 1 ? 1 : pm > 999 ? 999 : pm;
}

AiOutlook ai_outlook(int score, int mate_plies, Stone to_move, Rules r, int size)
{
    AiOutlook o = {.kind = AI_OUTLOOK_CHANCE, .winner = STONE_EMPTY};
    if (to_move != STONE_BLACK && to_move != STONE_WHITE) {
        o.kind = AI_OUTLOOK_NONE;
        return o;
    }
    if (mate_plies == 0 && score >= AI_SCORE_WIN_THRESHOLD) {
        mate_plies = AI_SCORE_WIN - score;
    } else if (mate_plies == 0 && score <= -AI_SCORE_WIN_THRESHOLD) {
        mate_plies = -(AI_SCORE_WIN + score);
    }
    if (mate_plies != 0) {
        /* Wins in n plies: the mover plays (n + 1) / 2 of them; loses in n
         * plies: the opponent plays n / 2 (at least the winning one). */
        o.kind = AI_OUTLOOK_FORCED;
        o.winner = mate_plies > 0 ? to_move : stone_opponent(to_move);
        o.moves = mate_plies > 0 ? (mate_plies + 1) / 2 : (-mate_plies) / 2;
        o.moves = o.moves < 1 ? 1 : o.moves;
        o.black_permille = o.winner == STONE_BLACK ? 1000 : 0;
        return o;
    }
    int mover = ai_win_permille(score, r, size);
    o.black_permille = to_move == STONE_BLACK ? mover : 1000 - mover;
    return o;
}

int ai_outlook_percent(AiOutlook o)
{
    int lead = o.black_permille > 500 ? o.black_permille : 1000 - o.black_permille;
    int pct = (lead + 5) / 10;
    return pct < 50 ? 50 : pct > 99 ? 99 : pct;
}
