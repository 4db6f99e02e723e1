#!/usr/bin/python3
"""Where the evaluation network still misses Rapfi, and what the threat searches know.

    gomoku-evalfit --pcodes < labels.txt > rows.csv            (each label file)
    gomoku-evalfit --threats 2000 < labels.txt > threats.csv
    /usr/bin/python3 tools/evalfit/threatfit.py rows.csv,threats.csv [more pairs ...]
    /usr/bin/python3 tools/evalfit/threatfit.py --selftest

The network of mlp.py (32 hidden units over the 78 pattern counts, fitted
on the even games, tested on the odd ones) is fitted again here and its
test log-loss split by Rapfi's verdict: the excess over the labels' own
entropy (what no model can remove) in each band of the target, and the
band's share of it.  Then the same network is fitted with, beside the
counts, the four flags of gomoku-evalfit --threats (the side to move has
a win by fours; by threes and fours; the opponent has one; ...), each
set of flags alone and all together: how much of what is missing a
static evaluation could learn from what the engine's threat searches
find (docs/strength.md, issue 28, thirteenth session).

Needs numpy (Debian: python3-numpy).
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FLAGS = ("side to move's VCF", "side to move's VCT", "opponent's VCF", "opponent's VCT")
# Sets of flags fitted beside the counts (indexes into FLAGS).
FLAG_SETS = ((), (0,), (1,), (0, 1), (2, 3), (0, 1, 2, 3))
BANDS = ((0, .05), (.05, .2), (.2, .4), (.4, .6), (.6, .8), (.8, .95), (.95, 1.01))


def load_mlp():
    spec = importlib.util.spec_from_file_location("evalfit_mlp", os.path.join(HERE, "mlp.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


mlp = load_mlp()
np = mlp.np


def entropy(y):
    """Per row, the log-loss of predicting y itself: the floor."""
    p = np.clip(y, 1e-9, 1 - 1e-9)
    return -(y * np.log(p) + (1 - y) * np.log(1 - p))


def row_loss(z, y):
    p = np.clip(mlp.sigmoid(z), 1e-9, 1 - 1e-9)
    return -(y * np.log(p) + (1 - y) * np.log(1 - p))


def fit_and_test(x, y, tr, te, game, ply):
    """The network on inputs x (standardised on the training rows):
    returns (its scores, test log-loss, sibling pairs ordered right)."""
    sd = x[tr].std(axis=0)
    sd[sd == 0] = 1.0
    x = x / sd
    zero = np.zeros(len(y))
    z = mlp.train(x, zero, y, tr, game, 32, 1).forward(x, zero)[0]
    right, pairs = mlp.fit.sibling_order(game, ply, y, z, te)
    return z, mlp.fit.logloss(z[te], y[te]), right / pairs if pairs else float("nan")


def bands(z, y, te):
    """Prints the test rows' excess log-loss by band of the target."""
    excess = row_loss(z[te], y[te]) - entropy(y[te])
    yt = y[te]
    print(f"  test rows {te.sum()}: log-loss {row_loss(z[te], yt).mean():.4f}, the labels' "
          f"entropy {entropy(yt).mean():.4f}, excess {excess.mean():.4f}")
    for lo, hi in BANDS:
        s = (yt >= lo) & (yt < hi)
        if s.any():
            print(f"  target in [{lo:.2f}, {min(hi, 1):.2f}{']' if hi > 1 else ')'}: "
                  f"{s.mean():.3f} of the rows, excess {excess[s].mean():.4f}, "
                  f"{excess[s].sum() / excess.sum():.3f} of all the excess, "
                  f"mean prediction {mlp.sigmoid(z[te][s]).mean():.3f}")


def load(pairs):
    rows, threats = zip(*(p.split(",") for p in pairs))
    game, ply, y, dense, _, _ = mlp.load_rows(list(rows))
    t = np.vstack([np.loadtxt(f, delimiter=",", ndmin=2) for f in threats])
    if len(t) != len(y) or not np.allclose(t[:, 2], y, atol=1e-3):
        sys.exit("threatfit.py: the threat rows do not match the feature rows "
                 "(same label files, in the same order?)")
    return game, ply, y, dense, (t[:, 3:7] > 0).astype(float)


def screen(pairs):
    game, ply, y, dense, flags = load(pairs)
    tr, te = mlp.fit.split(game, y, sys.stdout)
    for j, name in enumerate(FLAGS):
        s = flags[:, j] > 0
        print(f"{name}: {s.mean():.3f} of the rows, mean target {y[s].mean():.3f}")
    for fs in FLAG_SETS:
        x = np.hstack([dense, flags[:, list(fs)]]) if fs else dense
        z, ll, order = fit_and_test(x, y, tr, te, game, ply)
        what = ", ".join(FLAGS[j] for j in fs) or "none"
        print(f"counts and flags ({what}): test log-loss {ll:.4f}, sibling pairs {order:.4f}")
        if not fs:
            bands(z, y, te)


def selftest():
    """A flag that decides the target must take the log-loss well down."""
    rng = np.random.default_rng(5)
    n = 4000
    game, ply = np.arange(n) // 8, np.arange(n) % 8
    dense = rng.normal(size=(n, 3))
    flag = (rng.random(n) < 0.3).astype(float)
    y = np.where(flag > 0, 1.0, mlp.sigmoid(dense[:, 0]))
    tr, te = game % 2 == 0, game % 2 == 1
    _, plain, _ = fit_and_test(dense, y, tr, te, game, ply)
    _, flagged, _ = fit_and_test(np.hstack([dense, flag[:, None]]), y, tr, te, game, ply)
    assert flagged < plain - 0.05, (plain, flagged)
    print(f"threatfit selftest: ok (test log-loss {plain:.3f} without the flag, {flagged:.3f} with)")


def main():
    mlp.require_numpy("threatfit.py")
    if "--selftest" in sys.argv:
        selftest()
    elif len(sys.argv) > 1 and all("," in a for a in sys.argv[1:]):
        screen(sys.argv[1:])
    else:
        sys.exit("usage: threatfit.py ROWS.csv,THREATS.csv ... | --selftest")


if __name__ == "__main__":
    main()
