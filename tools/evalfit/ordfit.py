#!/usr/bin/python3
"""How well the move ordering foresees a strong engine's choices, and how well a fitted one could.

    tools/rapfi/rapfi-label.py --best games.txt > best.txt
    gomoku-evalfit < best.txt > order.csv
    /usr/bin/python3 tools/evalfit/ordfit.py order.csv [more.csv ...] [--range 0.1 0.9]

Each position gives its candidates (the points the search would try), one
of them the move Rapfi played there.  The model is a conditional logit: a
candidate's score is a sum of weights, for the line codes of a stone of
the side to move and of the opponent on the point (what the move makes and
what it spoils), the point's shape for each side, its threat flags for
each side, its distance from the last move and from the side to move's own
last move, and the number of stones near it; the probability of Rapfi's
move is its exp(score) over the position's sum.  The weights maximise the
log-likelihood (L2-regularised, Adam).  Only positions Rapfi judges
undecided (its expected score inside --range) are fitted: in decided ones
any winning move will do.

Positions of games whose number is a multiple of four test: the share of
them where Rapfi's move is among the first 1, 2, 3, 5, 10 and 20
candidates is printed for the engine's hand-set ordering (ai_movegen.c)
and for the fitted one, then the weights fitted on every position, in
hundredths of a logit.  (An ordering fitted this way foresaw Rapfi's
move better and played no better: docs/strength.md, seventh round.)

Needs numpy (Debian: python3-numpy).
"""
import sys

import numpy as np

# Columns of gomoku-evalfit's ordering rows.
GROUP, GAME, BEST, TARGET, HAND, FLAGS_OWN, FLAGS_OPP, DIST_LAST, DIST_OWN = range(9)
CODES_OWN, SHAPE_OWN, CODES_OPP, SHAPE_OPP, NEAR = slice(9, 13), 13, slice(14, 18), 18, 19
MAX_CODE = 9  # code_win at k = 5
SHAPES = 14
FLAG_BITS = [2, 4, 8, 16, 32]  # AI_T_OPEN4, FOUR, OPEN3, 43, 33
DISTS = 4
NEARS = 6
TOPK = (1, 2, 3, 5, 10, 20)


def features(d):
    """The design matrix, one column per feature, in the order of names()."""
    cols = []
    for codes in (CODES_OWN, CODES_OPP):
        cols += [(d[:, codes] == c).sum(1) for c in range(1, MAX_CODE + 1)]
    for shape in (SHAPE_OWN, SHAPE_OPP):
        cols += [d[:, shape] == s for s in range(1, SHAPES + 1)]
    for flags in (FLAGS_OWN, FLAGS_OPP):
        cols += [(d[:, flags] & b) > 0 for b in FLAG_BITS]
    for dist in (DIST_LAST, DIST_OWN):
        cols += [d[:, dist] == k for k in range(1, DISTS + 1)]
    cols += [np.minimum(d[:, NEAR], NEARS) == k for k in range(1, NEARS + 1)]
    return np.array(cols, dtype=float).T


def fit(x, y, gi, ngroups, lam=1e-3, steps=1500, lr=0.05):
    """Weights maximising the conditional log-likelihood of the y rows."""
    w = np.zeros(x.shape[1])
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    count = np.bincount(gi, weights=y, minlength=ngroups)
    for t in range(1, steps + 1):
        s = x @ w
        top = np.full(ngroups, -np.inf)
        np.maximum.at(top, gi, s)
        e = np.exp(s - top[gi])
        z = np.bincount(gi, weights=e, minlength=ngroups)
        p = e / z[gi] * count[gi]
        grad = -(x.T @ (y - p)) / count.sum() + 2 * lam * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= lr * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return w


def topk(score, y, gi, ngroups):
    """Share of positions whose best move ranks within each of TOPK."""
    best = np.full(ngroups, -np.inf)
    np.maximum.at(best, gi, np.where(y > 0, score, -np.inf))
    above = np.bincount(gi, weights=(score > best[gi]).astype(float), minlength=ngroups)
    rank = above + 1
    return [np.mean(rank <= k) for k in TOPK]


def names():
    """The feature names, in the order of features()."""
    out = []
    for side in ("own", "opp"):
        out += [f"{side}_code{c}" for c in range(1, MAX_CODE + 1)]
    for side in ("own", "opp"):
        out += [f"{side}_shape{c}" for c in range(1, SHAPES + 1)]
    for side in ("own", "opp"):
        out += [f"{side}_{f}" for f in ("open4", "four", "open3", "43", "33")]
    for what in ("last", "own_last"):
        out += [f"dist_{what}{k}" for k in range(1, DISTS + 1)]
    return out + [f"near{k}" for k in range(1, NEARS + 1)]


def main(argv):
    lo, hi, paths = 0.1, 0.9, []
    i = 0
    while i < len(argv):
        if argv[i] == "--range" and i + 2 < len(argv):
            lo, hi = float(argv[i + 1]), float(argv[i + 2])
            i += 3
        else:
            paths.append(argv[i])
            i += 1
    if not paths:
        sys.exit(__doc__)
    rows, offset = [], 0
    for path in paths:
        d = np.loadtxt(path, delimiter=",", ndmin=2)
        d[:, GROUP] += offset  # group numbers restart in every file
        offset = d[:, GROUP].max() + 1
        rows.append(d)
    d = np.concatenate(rows)
    d = d[(d[:, TARGET] > lo) & (d[:, TARGET] < hi)].astype(np.int64)
    _, gi = np.unique(d[:, GROUP], return_inverse=True)
    x, y = features(d), d[:, BEST].astype(float)
    test = d[:, GAME] % 4 == 0

    def part(mask):
        _, g = np.unique(gi[mask], return_inverse=True)
        return x[mask], y[mask], g, g.max() + 1, d[mask, HAND]

    xt, yt, gt, nt, _ = part(~test)
    xs, ys, gs, ns, hand = part(test)
    w = fit(xt, yt, gt, nt)
    print(f"ordfit: {nt} positions fitted, {ns} tested")
    print("Rapfi's move among the first k, test positions: " + " ".join(f"{k:>5}" for k in TOPK))
    for name, score in (("hand-set", hand.astype(float)), ("fitted", xs @ w)):
        shares = topk(score, ys, gs, ns)
        print(f"  {name:<46}" + " ".join(f"{s:5.3f}" for s in shares))
    w = fit(x, y, gi, gi.max() + 1)
    print(f"weights fitted on all {gi.max() + 1} positions (hundredths of a logit):")
    print(" ".join(f"{n}={int(round(100 * v))}" for n, v in zip(names(), w)))


if __name__ == "__main__":
    main(sys.argv[1:])
