#!/usr/bin/env python3
"""Fit the engine-score -> win-chance curve on gomoku-winfit's self-play rows.

    python3 tools/winfit/fit.py docs/data/winfit/*.csv.gz > fit.md

Model: the side to move wins with chance 1 / (1 + exp(-z)) with
z = sign(score) * (|score| / s) ** g, a scale s and a shape g per win
length k (a draw counts as half a win, so the "chance" is the expected
score).  g > 1 would say small scores are closer to even and large ones
closer to certain than a plain logistic curve (g = 1) has it.  The curve is
symmetric by construction (a score and its negation add up to 1), as the
app needs: the same position seen from either side gives the same split.

Rows whose search proved a result (mate != 0) are left out: a forced result
is shown as "wins in n", never as a percentage.  So are rows answered
without a search (depth <= 1: the one reply to a four, score 0 meaning
nothing).  Games with an even number are fitted, games with an odd number
check the fit: the calibration table (predicted vs observed, by bucket) is
printed as Markdown for docs/win-chance.md.  Its intervals are bootstrapped
over games, not positions: the positions of one game share one outcome, so
counting them as independent would make the intervals far too narrow.

Python 3 only, no numpy.  Reads .csv and .csv.gz.
"""
import csv
import gzip
import math
import random
import sys


def read_rows(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", newline="") as f:
        for r in csv.DictReader(f):
            yield r


def load(paths):
    """Returns {k: [(game_id, score, outcome)]} of the scored positions;
    game ids carry the file (game_id // 1000000 is its index in paths) so
    games of different files stay apart."""
    by_k = {}
    for n, path in enumerate(paths):
        for r in read_rows(path):
            if int(r["mate"]) != 0 or int(r["depth"]) <= 1:
                continue
            k = int(r["k"])
            by_k.setdefault(k, []).append((n * 1000000 + int(r["game"]), int(r["score"]),
                                           float(r["result"])))
    return by_k


def per_file(paths, rows, s, g):
    """The curve checked on each file's odd games alone: does it hold for
    other budgets, sizes and rules?"""
    print("| data | games | positions | Brier | 50% for all | worst bucket (predicted / observed) |")
    print("|---|---:|---:|---:|---:|---|")
    for n, path in enumerate(paths):
        check = [r for r in rows if r[0] // 1000000 == n and r[0] % 2 == 1]
        if len(check) < 50:
            continue
        brier = sum((chance(sc, s, g) - y) ** 2 for _, sc, y in check) / len(check)
        base = sum((0.5 - y) ** 2 for _, _, y in check) / len(check)
        worst, text = 0.0, ""
        for i, per_game in buckets_of(check, s, g).items():
            n_pos = sum(c[0] for c in per_game.values())
            if n_pos < 100:
                continue
            ps = sum(c[1] for c in per_game.values()) / n_pos
            ys = sum(c[2] for c in per_game.values()) / n_pos
            if abs(ps - ys) > worst:
                worst, text = abs(ps - ys), f"{100*ps:.0f}% / {100*ys:.0f}%"
        games = len({r[0] for r in rows if r[0] // 1000000 == n})
        name = path.rsplit("/", 1)[-1]
        print(f"| {name} | {games} | {len(check)} | {brier:.4f} | {base:.4f} | {text} |")
    print()


def chance(score, s, g):
    z = math.copysign((abs(score) / s) ** g, score)
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


def log_likelihood(data, s, g):
    ll = 0.0
    for _, score, y in data:
        p = min(max(chance(score, s, g), 1e-9), 1 - 1e-9)
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
    for g10 in range(6, 31):
        g = g10 / 10.0
        sc = fit_scale(data, g)
        ll = log_likelihood(data, sc, g)
        if best is None or ll > best[0]:
            best = (ll, sc, g)
    return best[1], best[2]


def buckets_of(data, s, g):
    """{bucket: {game: [n, sum_p, sum_y]}} by predicted chance, tenths."""
    out = {}
    for game, score, y in data:
        p = chance(score, s, g)
        b = min(int(p * 10), 9)
        cell = out.setdefault(b, {}).setdefault(game, [0, 0.0, 0.0])
        cell[0] += 1
        cell[1] += p
        cell[2] += y
    return out


def bootstrap(per_game, rounds=400, seed=7):
    """95% interval of the observed rate, resampling whole games."""
    rng = random.Random(seed)
    cells = list(per_game.values())
    rates = []
    for _ in range(rounds):
        n = ys = 0.0
        for _ in range(len(cells)):
            c = cells[rng.randrange(len(cells))]
            n += c[0]
            ys += c[2]
        rates.append(ys / n if n else 0.0)
    rates.sort()
    return rates[int(0.025 * rounds)], rates[int(0.975 * rounds) - 1]


def calibration(data, s, g):
    b = buckets_of(data, s, g)
    lines = ["| predicted | positions | games | mean predicted | observed | 95% interval (by game) |",
             "|-----------|----------:|------:|---------------:|---------:|------------------------|"]
    for i in range(10):
        per_game = b.get(i, {})
        n = sum(c[0] for c in per_game.values())
        if n == 0:
            lines.append(f"| {i*10}–{i*10+10}% | 0 | 0 | | | |")
            continue
        ps = sum(c[1] for c in per_game.values())
        ys = sum(c[2] for c in per_game.values())
        lo, hi = bootstrap(per_game)
        lines.append(f"| {i*10}–{i*10+10}% | {n} | {len(per_game)} | {100*ps/n:.1f}% | "
                     f"{100*ys/n:.1f}% | {100*lo:.1f}–{100*hi:.1f}% |")
    brier = sum((chance(sc, s, g) - y) ** 2 for _, sc, y in data) / max(1, len(data))
    return lines, brier


def report(k, rows, paths):
    train = [r for r in rows if r[0] % 2 == 0]
    check = [r for r in rows if r[0] % 2 == 1]
    games = len({r[0] for r in rows})
    if len(train) < 50 or len(check) < 50:
        print(f"## k = {k}: too few scored positions ({len(train)} + {len(check)}) to fit\n")
        return None
    s, g = fit(train)
    lines, brier = calibration(check, s, g)
    s1 = fit_scale(train, 1.0)
    _, brier1 = calibration(check, s1, 1.0)
    base = sum((0.5 - y) ** 2 for _, _, y in check) / len(check)
    mean = sum(y for _, _, y in check) / len(check)
    constant = sum((mean - y) ** 2 for _, _, y in check) / len(check)
    print(f"## k = {k}: scale {s:.0f}, shape {g:.1f}\n")
    print(f"{games} games; fitted on {len(train)} positions (even games), "
          f"checked on {len(check)} (odd games).  Brier score {brier:.4f} "
          f"(50% for every position: {base:.4f}; the mean outcome for every position: "
          f"{constant:.4f}; a plain logistic curve, scale {s1:.0f}: {brier1:.4f}).\n")
    marks = (50, 100, 200, 400, 800, 1600)
    print("| score | " + " | ".join(str(v) for v in marks) + " |")
    print("|---|" + "---:|" * len(marks))
    print("| chance | " + " | ".join(f"{100*chance(v, s, g):.0f}%" for v in marks) + " |\n")
    print("\n".join(lines))
    print()
    per_file(paths, rows, s, g)
    return s, g


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    by_k = load(argv[1:])
    fitted = {}
    for k in sorted(by_k):
        r = report(k, by_k[k], argv[1:])
        if r is not None:
            fitted[k] = r
    print("For src/ai/ai_outlook.c:\n\n```c")
    for k in sorted(fitted):
        print(f"    [{k}] = {{{fitted[k][0]:.0f}.0, {fitted[k][1]:.1f}}},")
    print("```")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
