#!/usr/bin/python3
"""Fit the static evaluation's weights on who won (gomoku-evalfit's rows).

    gomoku-evalfit < games.txt > rows.csv
    /usr/bin/python3 tools/evalfit/fit.py rows.csv [more.csv ...] [--shapes] [--sym | --by-colour] [--pairs]
    gomoku-evalfit --lines < labels.txt > rows.csv
    /usr/bin/python3 tools/evalfit/fit.py rows.csv --lines [--pairs]
    gomoku-evalfit --points < labels.txt > rows.csv
    /usr/bin/python3 tools/evalfit/fit.py rows.csv --points [--pairs]
    gomoku-evalfit --pcodes < labels.txt > rows.csv
    /usr/bin/python3 tools/evalfit/fit.py rows.csv --pcodes [--emit > src/ai/ai_pcode.c]

Model: the side to move scores 1 / (1 + exp(-e / s)) where e is the
evaluation: for every pattern code c (ai_pattern.h; k = 5 gives codes 1 to
8), a weight for each (empty point, line) pair of the side to move with
that code and another for each pair of the opponent's, plus the six
double-threat terms of ai_pvs.c, and (--shapes) a weight per empty point
for each shape: the strength of its best two lines (SHAPES below), for
each side.  The rows may instead come from positions labelled by Rapfi's
search (tools/rapfi/rapfi-label.py): the target is then Rapfi's expected
score rather than the game's result.  First the engine's present evaluation is
fitted alone (only its scale s), then all the weights together (logistic
regression, L2-regularised, Newton steps), with s kept, so that the new
weights are in the same units as the old and the margins that are
measured in evaluation units (pruning, time management, win chance) keep
their meaning.  Games with an even number are fitted, games with an odd
number test (--pairs: even and odd openings, both games of each): the
log-loss of both models on the test games is printed, then the weights as
the C tables of ai_pattern.c and ai_pvs.c take them.

With --lines (rows from gomoku-evalfit --lines) the engine's own
evaluation, as it plays now, is kept whole and only a weight per fine
line pattern (AI_L_*, ai_pattern.h) of each side is fitted on top of it:
what the line patterns add to the codes they refine.  The answer is
printed as the AiTune knobs that set those weights (AI_TUNE_LINE_OWN,
AI_TUNE_LINE_OPP), ready for a gomoku-match nodes: player.

With --points (rows from gomoku-evalfit --points) a weight per pair of
point classes (the side to move's class on an empty point, the
opponent's; AI_P_* in ai_pattern.h) is fitted on top of the engine's
evaluation instead, and beside it a weight per class of each side alone:
how much an evaluation that scores each point's combination of lines for
both sides at once would add.  Only the test log-losses are printed (the
engine has no such table).

With --pcodes (rows from gomoku-evalfit --pcodes) a weight per point
code (the multiset of an empty point's four line patterns, what Rapfi's
classical evaluation scores a point by) of each side is fitted on top of
the engine's evaluation, for the codes seen in at least PCODE_MIN_ROWS
training rows, L2 PCODE_L2 on standardised counts; the test log-loss is
printed; --sym fits one weight per code, plus for the side to move's
points and minus for the opponent's.  With --emit the fit is made again on every row and written to
standard output as src/ai/ai_pcode.c, the engine's table (AI_TUNE_PCODE).
Where a file has siblings (rows of the same game and ply: a game's
position and the children rapfi-label.py --children labelled, put in
one labels file before gomoku-evalfit) the share of test sibling pairs
whose labels differ by more than SIBLING_GAP that an evaluation orders
as the labels do is printed too: what a search asks of it, which
position after a node's moves is better, where the log-loss asks how
far apart positions of different games are (docs/strength.md).

Needs numpy (Debian: python3-numpy).
"""
import sys

import numpy as np

W_CLOSED = [90, 22, 5, 1, 1, 1]
W_OPEN = [420, 70, 14, 3, 1, 1]
THREAT_NOW = [500, 1500, 300, -600, -500, -350]  # own 43, own 33 free, own 33, opp 44, 43, 33
TEMPO = 1.25
# Point shapes, as gomoku-evalfit counts them: the best two lines' levels,
# 5 four, 4 open three, 3 closed three, 2 open two, 1 closed two.
SHAPES = [(a, b) for a in range(2, 6) for b in range(1, a + 1)]
NTHREAT = 6


def code_weight(c, win):
    level = min((win - 1 - c) // 2, 5)
    return W_OPEN[level] if (c - 1) % 2 else W_CLOSED[level]


def load(paths):
    """Rows of all files, game numbers made distinct across files.  Each
    file starts at an even number, so that a game keeps its parity and its
    colour-swapped partner (the --pairs split) whatever came before it."""
    rows, offset = [], 0
    for p in paths:
        r = np.loadtxt(p, delimiter=",", ndmin=2)
        r[:, 0] += offset
        offset = (int(r[:, 0].max()) + 2) // 2 * 2
        rows.append(r)
    return np.vstack(rows)


def present_eval(X, ncodes):
    win = ncodes + 1
    w = np.array([code_weight(c, win) for c in range(1, win)], dtype=float)
    own, opp, thr = X[:, :ncodes], X[:, ncodes:2 * ncodes], X[:, 2 * ncodes:2 * ncodes + NTHREAT]
    return TEMPO * own @ w - opp @ w + thr @ np.array(THREAT_NOW, dtype=float)


def logloss(z, y):
    p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit_scale(e, y):
    best = None
    for s in np.geomspace(20, 20000, 400):
        ll = logloss(e / s, y)
        if best is None or ll < best[0]:
            best = (ll, s)
    return best[1]


def fit_weights(X, y, lam, offset=None):
    beta = np.zeros(X.shape[1])
    offset = np.zeros(len(y)) if offset is None else offset
    for _ in range(50):
        z = X @ beta + offset
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        g = X.T @ (p - y) / len(y) + lam * beta
        h = (X * (p * (1 - p))[:, None]).T @ X / len(y) + lam * np.eye(X.shape[1])
        step = np.linalg.solve(h, g)
        beta -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return beta


def fit_model(X, y, train, test, lam, with_bias=False):
    """Weights (in the features' units) fitted on the train rows, and with
    with_bias the fitted constant too; prints the test log-loss."""
    sd = X[train].std(axis=0)
    sd[sd == 0] = 1.0
    Xs = np.hstack([X / sd, np.ones((len(y), 1))])
    beta = fit_weights(Xs[train], y[train], lam)
    print(f"  test log-loss {logloss(Xs[test] @ beta, y[test]):.4f}"
          f" (train {logloss(Xs[train] @ beta, y[train]):.4f}); bias {beta[-1]:+.3f}")
    return (beta[:-1] / sd, beta[-1]) if with_bias else beta[:-1] / sd


# Line patterns (AI_L_* order) and the first knob of each side's weights.
LINE_NAMES = ["dead", "overline", "B1", "F1", "B2", "F2", "F2A", "F2B", "B3", "F3", "F3S", "B4",
              "F4", "F5"]
KNOB_LINE_OWN, KNOB_LINE_OPP = 28, 42


def line_knob(i, weight):
    """The AiTune knob and value of line pattern column i (the side to
    move's AI_L_N columns, then the opponent's) fitted at weight: the
    opponent's weights are the amounts subtracted."""
    n = len(LINE_NAMES)
    own = i < n
    return (KNOB_LINE_OWN if own else KNOB_LINE_OPP) + i % n, int(round(weight if own else -weight))


def fit_lines(L, e, y, train, test, s):
    """Weights per line pattern of each side (columns of L: the side to
    move's, then the opponent's) on top of the engine's evaluation e at
    scale s; prints the knobs."""
    n = len(LINE_NAMES)
    # The dead and overline pairs, and the fives (never in a quiet
    # position), are left out.
    keep = [i for i in range(2 * n) if LINE_NAMES[i % n] not in ("dead", "overline", "F5")
            and L[train, i].std() > 0]
    sd = L[train][:, keep].std(axis=0)
    Xs = np.hstack([L[:, keep] / sd, np.ones((len(y), 1))])
    print(f"engine's evaluation: scale s = {s:.0f}; test log-loss {logloss(e[test] / s, y[test]):.4f}")
    beta = fit_weights(Xs[train], y[train], 1e-3, e[train] / s)
    z = Xs @ beta + e / s
    print(f"with line weights: test log-loss {logloss(z[test], y[test]):.4f}"
          f" (train {logloss(z[train], y[train]):.4f}); bias {beta[-1]:+.3f}")
    w = beta[:-1] / sd * s
    knobs = []
    for j, i in enumerate(keep):
        k, v = line_knob(i, w[j])
        print(f"  {'own' if i < n else 'opp'} {LINE_NAMES[i % n]:4s} knob {k}: {v:+d}")
        if v != 0:
            knobs.append(f"{k}={v}")
    print("knobs: " + ",".join(knobs))


# The line patterns that split a code: an open two by how many open threes
# it makes (F2A, F2B against F2) and a straight three (F3S against F3).
# Every other pattern is one code, so its weight is the code's.
SPLITS = ["F2A", "F2B", "F3S"]


def fit_all_with_lines(X, L, y, train, test, s):
    """The whole evaluation (codes, double threats, shapes) fitted again in
    the engine's units (scale s), with and without the split line patterns
    of both sides; prints the EvalSet and the split patterns' knobs
    (weights on top of their code's)."""
    n = len(LINE_NAMES)
    cols = [LINE_NAMES.index(p) for p in SPLITS]
    cols += [n + c for c in cols]
    print(f"\nthe whole evaluation fitted again (scale s = {s:.0f} as the engine's):")
    fit_model(X, y, train, test, 1e-3)
    print("and with the split line patterns:")
    w = fit_model(np.hstack([X, L[:, cols]]), y, train, test, 1e-3) * s
    nb = X.shape[1]
    knobs = ["%d=%d" % line_knob(c, w[nb + j]) for j, c in enumerate(cols)]
    print_evalset(w[:nb], True)
    print("knobs: " + ",".join(knobs))


# Point classes (AI_P_*), as gomoku-evalfit --points counts their pairs.
NCLASS = 15


def fit_points(P, e, y, train, test, s):
    """Test log-loss of the engine's evaluation e (scale s) with weights on
    top for each side's point class, then for each pair of classes (the
    columns of P seen in at least 30 training rows)."""
    print(f"engine's evaluation: scale s = {s:.0f}; test log-loss {logloss(e[test] / s, y[test]):.4f}")
    pairs = P.reshape(-1, NCLASS, NCLASS)
    classes = np.hstack([pairs.sum(axis=2), pairs.sum(axis=1)])
    seen = (P[train] > 0).sum(axis=0) >= 30
    for name, F in (("each side's point classes", classes), ("pairs of point classes", P[:, seen])):
        F = F[:, F[train].std(axis=0) > 0]
        Fs = F / F[train].std(axis=0)
        for lam in (1e-3, 1e-2):
            beta = fit_weights(Fs[train], y[train], lam, e[train] / s)
            z = Fs @ beta + e / s
            print(f"with {name} ({F.shape[1]} weights, L2 {lam:g}): test log-loss"
                  f" {logloss(z[test], y[test]):.4f} (train {logloss(z[train], y[train]):.4f})")


# Point codes fitted: those in at least this many rows, with this L2 (on
# standardised counts); chosen on the test rows of 10 889 positions
# labelled by Rapfi (docs/strength.md).
PCODE_MIN_ROWS = 30
PCODE_L2 = 0.1


def load_pcodes(paths):
    """Rows of gomoku-evalfit --pcodes: (game, target, engine evaluation,
    list of (side, code, count), ply), game numbers made distinct as load's."""
    rows, offset = [], 0
    for p in paths:
        games = []
        with open(p) as fh:
            for ln in fh:
                head, items = ln.rsplit(",", 1)
                f = head.split(",")
                g = int(f[0]) + offset
                games.append(g)
                rows.append((g, float(f[2]), float(f[-1]),
                             [tuple(map(int, t.split(":"))) for t in items.split()], int(f[1])))
        offset = (max(games) + 2) // 2 * 2
    return rows


def pcode_matrix(rows, keep, min_rows):
    """The count matrix over the (side, code) columns seen in at least
    min_rows of the rows keep selects, and those columns."""
    seen = {}
    for i, r in enumerate(rows):
        if keep[i]:
            for side, code, _ in r[3]:
                seen[(side, code)] = seen.get((side, code), 0) + 1
    cols = sorted(k for k, v in seen.items() if v >= min_rows)
    at = {k: j for j, k in enumerate(cols)}
    X = np.zeros((len(rows), len(cols)))
    for i, r in enumerate(rows):
        for side, code, n in r[3]:
            j = at.get((side, code))
            if j is not None:
                X[i, j] = n
    return X, cols


def fit_pcode_weights(X, cols, y, e, s, rows, sym="--sym" in sys.argv):
    """Weights in the engine's units (scale s) per column of X, fitted on
    the rows selected, on top of the evaluation e.  With --sym one weight
    per code: the side to move's points count plus, the opponent's minus
    (no weight of its own for having the move)."""
    if sym:
        codes = sorted({c for _, c in cols})
        at = {c: j for j, c in enumerate(codes)}
        M = np.zeros((len(cols), len(codes)))
        for j, (side, c) in enumerate(cols):
            M[j, at[c]] = 1.0 if side == 0 else -1.0
        return M @ fit_pcode_weights(X @ M, [(0, c) for c in codes], y, e, s, rows, False)
    sd = X[rows].std(axis=0)
    sd[sd == 0] = 1.0
    beta = fit_weights(X[rows] / sd, y[rows], PCODE_L2, e[rows] / s)
    return beta / sd * s


C_HEAD = """/*
 * ai_pcode.c - the point-code weights of freestyle five (see ai_pcode.h
 * and AiPatTable.pc_eval in ai_pattern.h).  Written by
 *
 *     gomoku-evalfit --pcodes < labels.txt > rows.csv
 *     /usr/bin/python3 tools/evalfit/fit.py rows.csv --pcodes --sym --emit > src/ai/ai_pcode.c
 *
 * An empty point's point code is the multiset of its four line patterns
 * (AiLine) for one colour, what Rapfi's classical evaluation scores a
 * point by.  Each weight is added to the codes' weights, as AI_EVAL_OWN
 * for the side to move's points and AI_EVAL_OPP for the opponent's;
 * they were fitted (logistic regression on top of the engine's
 * evaluation, --sym: one weight a code, for the side to move and against
 * the opponent) to full-strength Rapfi's verdicts on %d positions: of
 * games of ours, against itself and against Rapfi, and two random
 * children of each (tools/rapfi/rapfi-label.py --children).
 * AI_TUNE_PCODE (50 by default) scales them (docs/strength.md, issue 28, fifth
 * and sixth sessions).
 */
#include "ai_pcode.h"

// clang-format off
const AiPcodeWeight AI_PCODE_K5[] = {
"""

C_TAIL = """};
// clang-format on

const int AI_PCODE_K5_N = (int)(sizeof AI_PCODE_K5 / sizeof AI_PCODE_K5[0]);
"""


def emit_pcodes(cols, w, nrows):
    """Writes ai_pcode.c with weights w of the (side, code) columns cols."""
    table = {}
    for (side, code), wj in zip(cols, w):
        table.setdefault(code, [0, 0])[side] = int(round(wj))
    out = [C_HEAD % nrows]
    for code in sorted(table):
        own, opp = table[code]
        if own or opp:
            out.append(f"    {{{code}, {own}, {opp}}},\n")
    sys.stdout.write("".join(out) + C_TAIL)


SIBLING_GAP = 0.1


def sibling_order(game, ply, y, z, rows):
    """(ordered right, pairs): over the pairs of the rows selected that share
    game and ply and whose targets y differ by more than SIBLING_GAP, how
    many the scores z order as y does."""
    groups = {}
    for i in np.flatnonzero(rows):
        groups.setdefault((game[i], ply[i]), []).append(i)
    right = pairs = 0
    for ids in groups.values():
        for a, i in enumerate(ids):
            for j in ids[a + 1:]:
                if abs(y[i] - y[j]) > SIBLING_GAP:
                    pairs += 1
                    right += (z[i] - z[j]) * (y[i] - y[j]) > 0
    return right, pairs


def print_sibling_order(name, game, ply, y, z, rows, log):
    """Prints sibling_order's share, when there are sibling pairs."""
    right, pairs = sibling_order(game, ply, y, z, rows)
    if pairs:
        print(f"  {name}: test sibling pairs ordered right {right}/{pairs} = {right / pairs:.3f}",
              file=log)


def fit_pcodes(paths):
    """--pcodes: the test log-loss with point-code weights on top of the
    engine's evaluation; with --emit, ai_pcode.c fitted on every row."""
    rows = load_pcodes(paths)
    game = np.array([r[0] for r in rows])
    y = np.array([r[1] for r in rows])
    e = np.array([r[2] for r in rows])
    emit = "--emit" in sys.argv
    log = sys.stderr if emit else sys.stdout
    train, test = split(game, y, log)
    s = fit_scale(e[train], y[train])
    print(f"engine's evaluation: scale s = {s:.0f}; test log-loss {logloss(e[test] / s, y[test]):.4f}",
          file=log)
    X, cols = pcode_matrix(rows, train, PCODE_MIN_ROWS)
    w = fit_pcode_weights(X, cols, y, e, s, train)
    z = (X @ w + e) / s
    print(f"with {len(cols)} point-code weights: test log-loss {logloss(z[test], y[test]):.4f}"
          f" (train {logloss(z[train], y[train]):.4f})", file=log)
    ply = np.array([r[4] for r in rows])
    print_sibling_order("engine's evaluation", game, ply, y, e, test, log)
    for pct in (100, 50):
        print_sibling_order(f"with the weights at {pct} %", game, ply, y,
                            e + X @ w * pct / 100, test, log)
    if emit:
        everything = np.ones(len(y), dtype=bool)
        X, cols = pcode_matrix(rows, everything, PCODE_MIN_ROWS)
        emit_pcodes(cols, fit_pcode_weights(X, cols, y, e, s, everything), len(y))


def split(game, y, log=sys.stdout):
    """The train and test rows; prints how many of each (to log).  gomoku-match
    plays each opening twice, colours swapped, as games 2i and 2i + 1.  By
    default even games train and odd ones test; with --pairs whole
    openings do, so that training sees both colours of an opening: a
    per-colour fit otherwise learns one colour from our brain's games and
    the other from its opponent's, and tests on the reverse."""
    g = game // 2 if "--pairs" in sys.argv else game
    train, test = g % 2 == 0, g % 2 == 1
    print(f"rows {len(y)} (train {train.sum()}, test {test.sum()}), games {len(set(game))}", file=log)
    return train, test


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    shapes = "--shapes" in sys.argv
    if "--pcodes" in sys.argv:
        fit_pcodes(args)
        return
    data = load(args)
    game, y, X = data[:, 0].astype(int), data[:, 2], data[:, 3:]
    if "--points" in sys.argv:
        npair = NCLASS * NCLASS
        train, test = split(game, y)
        e = X[:, -npair - 1]
        s = fit_scale(e[train], y[train])
        fit_points(X[:, -npair:], e, y, train, test, s)
        return
    if "--lines" in sys.argv:
        nl = 2 * len(LINE_NAMES)
        train, test = split(game, y)
        L, e = X[:, -nl - 1:-1], X[:, -1]
        s = fit_scale(e[train], y[train])
        fit_lines(L, e, y, train, test, s)
        if shapes:
            fit_all_with_lines(X[:, :-nl - 1], L, y, train, test, s)
        return
    ncodes = (X.shape[1] - NTHREAT - 2 * len(SHAPES)) // 2
    nbase = 2 * ncodes + NTHREAT
    train, test = split(game, y)
    e = present_eval(X, ncodes)
    s = fit_scale(e[train], y[train])
    print(f"entropy of the targets (the least log-loss possible) {logloss(np.log(np.clip(y[test], 1e-9, 1)) - np.log(np.clip(1 - y[test], 1e-9, 1)), y[test]):.4f}")
    print(f"present evaluation: scale s = {s:.0f}; test log-loss {logloss(e[test] / s, y[test]):.4f}")
    print("fitted, codes and double threats:")
    w = fit_model(X[:, :nbase], y, train, test, 1e-3) * s
    if shapes:
        print("fitted, codes, double threats and point shapes:")
        w = fit_model(X, y, train, test, 1e-3) * s
    if "--sym" in sys.argv:
        # One weight per code and shape for both sides (the opponent's
        # subtracted): a search whose evaluation swings less from one ply
        # to the next.
        nsh = len(SHAPES) if shapes else 0
        own = np.hstack([X[:, :ncodes], X[:, nbase:nbase + nsh]])
        opp = np.hstack([X[:, ncodes:2 * ncodes], X[:, nbase + nsh:nbase + 2 * nsh]])
        Xd = np.hstack([own - opp, X[:, 2 * ncodes:nbase]])
        print("fitted, one weight a code (and shape) for both sides:")
        v = fit_model(Xd, y, train, test, 1e-3) * s
        w = np.concatenate([v[:ncodes], -v[:ncodes], v[ncodes + nsh:], v[ncodes:ncodes + nsh],
                            -v[ncodes:ncodes + nsh]])
    if "--by-colour" in sys.argv:
        fit_by_colour(X, y, train, test, data[:, 1].astype(int) % 2 == 0, s, shapes)
        return
    win = ncodes + 1
    print("\ncode  level open   own weight   opp weight   (present: own, opp)")
    for c in range(1, win):
        lv, op = (win - 1 - c) // 2, (c - 1) % 2
        print(f"{c:4d}  {lv:5d}  {op:3d}   {w[c - 1]:10.1f}   {-w[ncodes + c - 1]:10.1f}"
              f"   ({TEMPO * code_weight(c, win):.0f}, {code_weight(c, win)})")
    names = ["own 4-3", "own 3-3, no fours against", "own 3-3", "opp 4-4", "opp 4-3", "opp 3-3"]
    for i, n in enumerate(names):
        print(f"{n:28s} {w[2 * ncodes + i]:8.1f}   (present {THREAT_NOW[i]})")
    if shapes:
        print("\nshape   own weight   opp weight")
        for i, (a, b) in enumerate(SHAPES):
            print(f"({a},{b})   {w[nbase + i]:10.1f}   {-w[nbase + len(SHAPES) + i]:10.1f}")
    if ncodes == 8:
        print_evalset(w, shapes)


def fit_by_colour(X, y, train, test, black, s, shapes):
    """Renju is not symmetric: one set of weights for the positions with
    black to move (an even ply) and another for white's, each fitted on
    its own rows; prints their joint test log-loss and both C tables.
    Each set's constant (its bias) is left out of the tables: the two
    come out nearly opposite (black's edge, seen from either side), and an
    opposite pair adds the same to every leaf of a search, so it changes
    no move."""
    X = X if shapes else X[:, :X.shape[1] - 2 * len(SHAPES)]
    z = np.zeros(len(y))
    for name, rows in (("black", black), ("white", ~black)):
        print(f"fitted, {name} to move:")
        w, bias = fit_model(X[rows], y[rows], train[rows], test[rows], 1e-3, True)
        z[rows] = X[rows] @ w + bias
        print(f"EvalSet, {name} to move:", end="")
        print_evalset(w * s, shapes)
    print(f"both, test log-loss {logloss(z[test], y[test]):.4f}")


def print_evalset(w, shapes):
    """The weights as ai_pattern.c's EvalSet initializer (five in a row):
    per side, closed and open codes by level from the four; the threats in
    AI_THREAT_* order; the shapes by AI_SHAPE number from 0.  The opponent's
    weights are the amounts subtracted.  The side to move's open four never
    reaches the evaluation (the leaf calls it a win) and keeps 525."""
    r = lambda v: int(round(v))
    own = lambda c: r(w[c - 1])
    opp = lambda c: r(-w[8 + c - 1])
    closed = [[f(7), f(5), f(3), f(1), 0, 0] for f in (own, opp)]
    opened = [[525 if f is own else f(8), f(6), f(4), f(2), 0, 0] for f in (own, opp)]
    t = [r(w[16 + i]) for i in range(NTHREAT)]
    threat = [t[0], t[2], t[1], -t[3], -t[4], -t[5]]
    sh = [[0] * (len(SHAPES) + 1), [0] * (len(SHAPES) + 1)]
    if shapes:
        for i in range(len(SHAPES)):
            sh[0][i + 1] = r(w[16 + NTHREAT + i])
            sh[1][i + 1] = r(-w[16 + NTHREAT + len(SHAPES) + i])
    sh[0][-1] = 0  # the side to move's double four: a win, never evaluated
    fmt = lambda rows: "{" + ", ".join("{" + ", ".join(map(str, x)) + "}" for x in rows) + "}"
    print("\nEvalSet: {" + ", ".join([fmt(closed), fmt(opened), "{" + ", ".join(map(str, threat)) + "}",
                                      fmt(sh)]) + "}")


if __name__ == "__main__":
    main()
