#!/usr/bin/env python3
"""Fit the engine-score -> win-chance curve on gomoku-winfit's self-play rows.

    python3 tools/winfit/fit.py k5.csv [k6.csv ...]

Model: the side to move wins with chance 1 / (1 + exp(-z)) with
z = sign(score) * (|score| / s) ** g, a scale s and a shape g per win
length k (draws count as half a win).  g > 1 says what the data say: small
scores are close to even, large ones closer to certain than a plain
logistic curve (g = 1) would have it.  The curve is
symmetric by construction (a score and its negation add up to 1), as the
app needs: the same position seen from either side gives the same split.

Rows whose search proved a result (mate != 0) are left out: a forced result
is shown as "wins in n", never as a percentage.  So are rows answered
without a search (depth <= 1: the one reply to a four, score 0 meaning
nothing).  Games with an even number are fitted, games with an odd number
check the fit: the calibration table (predicted vs observed, by bucket) is
printed as Markdown for docs/win-chance.md.  Python 3 only, no numpy.
"""
import csv
import math
import sys


def load(paths):
    rows = []
    for path in paths:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                if int(r["mate"]) != 0 or int(r["depth"]) <= 1:
                    continue
                rows.append((int(r["k"]), int(r["game"]), int(r["score"]), float(r["result"])))
    return rows


def chance(score, s, g):
    z = math.copysign((abs(score) / s) ** g, score)
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


def log_likelihood(data, s, g):
    ll = 0.0
    for score, y in data:
        p = chance(score, s, g)
        p = min(max(p, 1e-9), 1 - 1e-9)
        ll += y * math.log(p) + (1 - y) * math.log(1 - p)
    return ll


def fit_scale(data, g):
    """Golden-section search of the scale on a log axis (50..20000)."""
    lo, hi = math.log(50.0), math.log(20000.0)
    r = (math.sqrt(5) - 1) / 2
    a, b = hi - r * (hi - lo), lo + r * (hi - lo)
    fa, fb = log_likelihood(data, math.exp(a), g), log_likelihood(data, math.exp(b), g)
    for _ in range(40):
        if fa > fb:
            hi, b, fb = b, a, fa
            a = hi - r * (hi - lo)
            fa = log_likelihood(data, math.exp(a), g)
        else:
            lo, a, fa = a, b, fb
            b = lo + r * (hi - lo)
            fb = log_likelihood(data, math.exp(b), g)
    return math.exp((lo + hi) / 2)


def fit(data):
    """Returns (s, g): the best scale for each shape on a grid of shapes."""
    best = None
    for g10 in range(8, 31):
        g = g10 / 10.0
        sc = fit_scale(data, g)
        ll = log_likelihood(data, sc, g)
        if best is None or ll > best[0]:
            best = (ll, sc, g)
    return best[1], best[2]


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def calibration(data, s, g):
    buckets = [[0, 0.0, 0.0] for _ in range(10)]
    for score, y in data:
        p = chance(score, s, g)
        b = min(int(p * 10), 9)
        buckets[b][0] += 1
        buckets[b][1] += p
        buckets[b][2] += y
    lines = ["| predicted | positions | mean predicted | observed | 95% interval |",
             "|-----------|----------:|---------------:|---------:|--------------|"]
    for i, (n, ps, ys) in enumerate(buckets):
        if n == 0:
            lines.append(f"| {i*10}–{i*10+10}% | 0 | | | |")
            continue
        lo, hi = wilson(ys, n)
        lines.append(f"| {i*10}–{i*10+10}% | {n} | {100*ps/n:.1f}% | {100*ys/n:.1f}% | "
                     f"{100*lo:.1f}–{100*hi:.1f}% |")
    brier = sum((chance(sc, s, g) - y) ** 2 for sc, y in data) / max(1, len(data))
    return lines, brier


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    rows = load(argv[1:])
    for k in sorted({r[0] for r in rows}):
        train = [(sc, y) for kk, g, sc, y in rows if kk == k and g % 2 == 0]
        check = [(sc, y) for kk, g, sc, y in rows if kk == k and g % 2 == 1]
        games = len({g for kk, g, _, _ in rows if kk == k})
        if len(train) < 50 or len(check) < 50:
            print(f"k={k}: too few scored positions ({len(train)} + {len(check)}) to fit\n")
            continue
        s, g = fit(train)
        lines, brier = calibration(check, s, g)
        s1 = fit_scale(train, 1.0)
        _, brier1 = calibration(check, s1, 1.0)
        base = sum((0.5 - y) ** 2 for _, y in check) / len(check)
        print(f"## k = {k}: scale {s:.0f}, shape {g:.1f}\n")
        print(f"{games} games; fitted on {len(train)} positions (even games), "
              f"checked on {len(check)} (odd games).  Brier score {brier:.4f} "
              f"(a constant 50% scores {base:.4f}; a plain logistic curve, scale "
              f"{s1:.0f}, {brier1:.4f}).\n")
        print("| score | " + " | ".join(str(v) for v in (50, 100, 200, 400, 800, 1600)) + " |")
        print("|---|" + "---:|" * 6)
        print("| chance | " + " | ".join(f"{100*chance(v, s, g):.0f}%"
                                        for v in (50, 100, 200, 400, 800, 1600)) + " |\n")
        print("\n".join(lines))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
