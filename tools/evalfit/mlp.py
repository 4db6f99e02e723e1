#!/usr/bin/python3
"""A small network over the evaluation's features, screened as fit.py screens tables.

    gomoku-evalfit --pcodes < labels.txt > rows.csv      (labels and children: rapfi-label.py)
    /usr/bin/python3 tools/evalfit/mlp.py rows.csv [more.csv ...] [--inputs counts|pcodes|all]
        [--hidden 32] [--seed 1] [--emit > src/ai/ai_net_weights.c]
    /usr/bin/python3 tools/evalfit/mlp.py --selftest

Item 3 of issue 28 asks whether a learned evaluation would order positions
better than the engine's linear one.  On the rows and the train / test
split of fit.py --pcodes (even games train, odd ones test) this fits
three models of Rapfi's expected score for the side to move:

  - linear: one weight per input, on top of the engine's evaluation e at
    its fitted scale s (z = e / s + ...);
  - network: the linear part plus H rectified hidden units,
    relu(x W + b) . v, on top of e: what the inputs' interplay adds;
  - network alone: the same without e, an evaluation in its own right.

The inputs (--inputs): counts (default: the 78 numbers of the row, per
side the (point, line) pairs of each pattern code, the empty points of
each shape, the pairs of each fine line pattern, and the six
double-threat flags), pcodes (every point code of each side seen in at
least fit.PCODE_MIN_ROWS training rows) or all.  Every model is trained
the same way: Adam on the log-loss, minibatches, L2 on the weights, the
epoch kept that did best on a tenth of the training games held out.  For
each (and for the models on top of e, for half their correction too)
the test log-loss and the share of test sibling pairs ordered as Rapfi
orders them (fit.sibling_order, what a search asks of an evaluation) are
printed, beside the engine's evaluation with and without its point-code
table (src/ai/ai_pcode.c at AI_TUNE_PCODE's 50 %).  With --emit the
network alone, as fitted on the training games, is written to standard
output as src/ai/ai_net_weights.c (fixed point, ai_net.h; the report
goes to standard error): the engine's AI_TUNE_NET.

Needs numpy (Debian: python3-numpy).
"""
import importlib.util
import os
import re
import sys

try:
    import numpy as np
except ImportError:  # main() says so; the CTest skips
    np = None

HERE = os.path.dirname(os.path.abspath(__file__))
# Exit status of --selftest without numpy: CTest's SKIP_RETURN_CODE.
SKIP = 77


def load_fit():
    """fit.py (this folder) as a module: its loaders, split and measures."""
    spec = importlib.util.spec_from_file_location("evalfit_fit", os.path.join(HERE, "fit.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fit = load_fit() if np is not None else None

EPOCHS = 40
# Fraction bits of the emitted first layer and hidden units, and of the
# output weights (ai_net.h's AI_NET_SHIFT and AI_NET_OUT_SHIFT).
NET_SHIFT = 16
NET_OUT_SHIFT = 8
BATCH = 256
RATE = 2e-3
L2 = 1e-4


def load_rows(paths):
    """(game, ply, target, dense features, engine evaluation, point-code
    items) of gomoku-evalfit --pcodes rows, game numbers made distinct
    across files as fit.load_pcodes makes them."""
    rows = fit.load_pcodes(paths)
    dense = []
    for p in paths:
        with open(p) as fh:
            dense.extend([float(v) for v in ln.rsplit(",", 1)[0].split(",")[3:-1]] for ln in fh)
    game = np.array([r[0] for r in rows])
    ply = np.array([r[4] for r in rows])
    y = np.array([r[1] for r in rows])
    e = np.array([r[2] for r in rows])
    return game, ply, y, np.array(dense), e, rows


def engine_pcodes(rows, pct=50):
    """Per row, what the engine's point-code table (src/ai/ai_pcode.c, at
    AI_TUNE_PCODE's default pct) adds to its evaluation: gomoku-evalfit's
    evaluation leaves it out."""
    table = {}
    with open(os.path.join(HERE, "..", "..", "src", "ai", "ai_pcode.c")) as fh:
        for ln in fh:
            m = re.match(r"\s*\{(-?\d+), (-?\d+), (-?\d+)\},", ln)
            if m:
                code, own, opp = map(int, m.groups())
                table[code] = (int(own * pct / 100), int(opp * pct / 100))
    return np.array([sum(table.get(c, (0, 0))[side] * n for side, c, n in r[3]) for r in rows],
                    dtype=float)


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


class Model:
    """z = offset + x . u + c (+ relu(x W + b) . v with hidden units)."""

    def __init__(self, d, hidden, rng):
        self.p = {"u": np.zeros(d), "c": np.zeros(1)}
        if hidden:
            self.p["W"] = rng.normal(0, 1 / np.sqrt(d), (d, hidden))
            self.p["b"] = np.zeros(hidden)
            self.p["v"] = rng.normal(0, 0.1 / np.sqrt(hidden), hidden)

    def forward(self, x, offset):
        z = offset + x @ self.p["u"] + self.p["c"][0]
        h = None
        if "W" in self.p:
            h = np.maximum(x @ self.p["W"] + self.p["b"], 0)
            z = z + h @ self.p["v"]
        return z, h

    def grads(self, x, offset, y):
        z, h = self.forward(x, offset)
        dz = (sigmoid(z) - y) / len(y)
        g = {"u": x.T @ dz + L2 * self.p["u"], "c": np.array([dz.sum()])}
        if h is not None:
            g["v"] = h.T @ dz + L2 * self.p["v"]
            dh = np.outer(dz, self.p["v"]) * (h > 0)
            g["W"] = x.T @ dh + L2 * self.p["W"]
            g["b"] = dh.sum(axis=0)
        return g


def train(x, offset, y, tr, game, hidden, seed):
    """A model fitted on the rows tr selects (a tenth of their games held out
    to choose the epoch); returns it."""
    rng = np.random.default_rng(seed)
    idx = np.flatnonzero(tr)
    games = np.unique(game[idx])
    held = rng.choice(games, size=max(1, len(games) // 10), replace=False)
    out = np.isin(game[idx], held)
    hold, fit_rows = idx[out], idx[~out]
    m = Model(x.shape[1], hidden, rng)
    mom = {k: np.zeros_like(v) for k, v in m.p.items()}
    sq = {k: np.zeros_like(v) for k, v in m.p.items()}
    best, best_p, t = None, None, 0
    for _ in range(EPOCHS):
        order = rng.permutation(fit_rows)
        for s in range(0, len(order), BATCH):
            b = order[s:s + BATCH]
            g = m.grads(x[b], offset[b], y[b])
            t += 1
            for k in m.p:
                mom[k] = 0.9 * mom[k] + 0.1 * g[k]
                sq[k] = 0.999 * sq[k] + 0.001 * g[k] ** 2
                m.p[k] -= RATE * (mom[k] / (1 - 0.9 ** t)) / (np.sqrt(sq[k] / (1 - 0.999 ** t)) + 1e-8)
        ll = fit.logloss(m.forward(x[hold], offset[hold])[0], y[hold])
        if best is None or ll < best:
            best, best_p = ll, {k: v.copy() for k, v in m.p.items()}
    m.p = best_p
    return m


def screen(paths, hidden, seed, inputs, do_emit=False):
    """Fits and prints the three models (and the engine's evaluation alone)."""
    game, ply, y, dense, e, rows = load_rows(paths)
    log = sys.stderr if do_emit else sys.stdout
    tr, te = fit.split(game, y, log)
    s = fit.fit_scale(e[tr], y[tr])
    P, cols = fit.pcode_matrix(rows, tr, fit.PCODE_MIN_ROWS)
    # --inputs pcodes: what the engine keeps incrementally already; counts:
    # the row's counts alone, a few dozen numbers an engine can keep too.
    x = {"all": lambda: np.hstack([dense, P]), "pcodes": lambda: P, "counts": lambda: dense}[inputs]()
    sd = x[tr].std(axis=0)
    sd[sd == 0] = 1.0
    x = x / sd
    print(f"inputs {inputs}: {x.shape[1]} features; scale s = {s:.0f}", file=log)

    def report(name, z):
        right, pairs = fit.sibling_order(game, ply, y, z, te)
        order = f"; sibling pairs ordered right {right}/{pairs} = {right / pairs:.3f}" if pairs else ""
        print(f"  {name:34s} test log-loss {fit.logloss(z[te], y[te]):.4f}{order}", file=log)

    report("engine's evaluation, no point codes", e / s)
    report("engine's evaluation as it plays", (e + engine_pcodes(rows)) / s)
    zero = np.zeros(len(y))
    for name, h, off in (("linear, on top of e", 0, e / s),
                         (f"network ({hidden} hidden), on top of e", hidden, e / s),
                         (f"network ({hidden} hidden) alone", hidden, zero)):
        m = train(x, off, y, tr, game, h, seed)
        z = m.forward(x, off)[0]
        report(name, z)
        if do_emit and off is zero:
            emit(m, sd, s, int(tr.sum()), len(y), paths)
        if off is not zero:
            # Half the correction: what ordered sibling pairs best for the
            # point-code table (fit.py --pcodes, docs/strength.md).
            report("  the same, half of it", (z + off) / 2)


C_HEAD = """/*
 * ai_net_weights.c - the evaluation network's weights (ai_net.h), written by
 *
 *     zcat LABELS.txt.gz | gomoku-evalfit --pcodes > ROWS.csv     (each file)
 *     /usr/bin/python3 tools/evalfit/mlp.py ROWS.csv ... --inputs counts --emit \\
 *         > src/ai/ai_net_weights.c
 *
 * fitted to full-strength Rapfi's verdicts on the even games' %d of %d
 * positions in %s
 * (docs/strength.md, issue 28).
 */
#include "ai_net.h"

// clang-format off
"""


def emit(m, sd, s, ntrain, nrows, paths):
    """Writes the network alone as C tables in fixed point: the inputs'
    scales folded into the first layer (AI_NET_SHIFT fraction bits, as
    the hidden units are), the output weights in the engine's units
    (times s, AI_NET_OUT_SHIFT fraction bits).  Integers, so that every
    machine evaluates, and searches, the same."""
    one, out_one = 1 << NET_SHIFT, 1 << NET_OUT_SHIFT
    ints = lambda a, k: ", ".join(str(int(round(v * k))) for v in a)
    W = m.p["W"] / sd[:, None]
    out = [C_HEAD % (ntrain, nrows, " ".join(os.path.basename(p) for p in paths))]
    out.append("const int32_t AI_NET_W1[AI_NET_IN][AI_NET_HIDDEN] = {\n")
    out.extend(f"    {{{ints(row, one)}}},\n" for row in W)
    out.append("};\n")
    out.append(f"const int32_t AI_NET_B1[AI_NET_HIDDEN] = {{{ints(m.p['b'], one)}}};\n")
    out.append(f"const int32_t AI_NET_V[AI_NET_HIDDEN] = {{{ints(m.p['v'] * s, out_one)}}};\n")
    out.append(f"const int32_t AI_NET_U[AI_NET_IN] = {{{ints(m.p['u'] / sd * s, one)}}};\n")
    out.append(f"const int32_t AI_NET_C = {int(round(m.p['c'][0] * s))};\n// clang-format on\n")
    sys.stdout.write("".join(out))


def selftest():
    """The network must learn an interaction the linear model cannot: the
    target depends on the product of two features."""
    rng = np.random.default_rng(3)
    n = 6000
    x = rng.normal(size=(n, 4))
    y = sigmoid(3 * x[:, 0] * x[:, 1])
    game = np.arange(n) // 10
    tr, te = game % 2 == 0, game % 2 == 1
    off = np.zeros(n)
    lin = fit.logloss(train(x, off, y, tr, game, 0, 1).forward(x[te], off[te])[0], y[te])
    net = fit.logloss(train(x, off, y, tr, game, 16, 1).forward(x[te], off[te])[0], y[te])
    assert net < lin - 0.05, (lin, net)
    print(f"mlp selftest: ok (test log-loss linear {lin:.3f}, network {net:.3f})")


def require_numpy(tool):
    """Exits when numpy is missing: with 77 under --selftest (CTest's skip),
    else with 1."""
    if np is None:
        print(f"{tool}: needs numpy (Debian: python3-numpy)", file=sys.stderr)
        sys.exit(SKIP if "--selftest" in sys.argv else 1)


def main():
    require_numpy("mlp.py")
    if "--selftest" in sys.argv:
        selftest()
        return
    args, opt, i = [], {"--hidden": "32", "--seed": "1", "--inputs": "all"}, 1
    while i < len(sys.argv):
        a = sys.argv[i]
        if a in opt and i + 1 < len(sys.argv):
            opt[a] = sys.argv[i + 1]
            i += 2
            continue
        if not a.startswith("--"):
            args.append(a)
        i += 1
    if opt["--inputs"] not in ("all", "pcodes", "counts"):
        sys.exit("mlp.py: --inputs is all, pcodes or counts")
    screen(args, int(opt["--hidden"]), int(opt["--seed"]), opt["--inputs"], "--emit" in sys.argv)


if __name__ == "__main__":
    main()
