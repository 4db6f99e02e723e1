#!/usr/bin/env python3
"""Rapfi's evaluation of many positions, as targets for fitting ours.

    tools/rapfi/rapfi-label.py GAMES.txt [GAMES2.txt ...] [--ms 100] [--from 6]
        [--part I/N] [--size 15] [--rule freestyle|exact|renju]
        [--best | --children K [--seed S]] > labels.txt
    tools/rapfi/rapfi-label.py --selftest        (checks --children's draw)

GAMES.txt is gomoku-match --verbose output (its "moves:" lines).  Every
position of every game from --from plies on (never the final one) is
searched by full-strength Rapfi for --ms milliseconds, and one line is
written per position:

    label R G moves: h8 i9 ...

G numbers the game the position comes from (fit.py splits train and test
positions by game), R is Rapfi's evaluation turned into an expected score for the side to move
after those moves (a proved win 1, a proved loss 0; rapfi-eval.py's worth).
With --best the lines are "best M R G moves: ...", M being the move Rapfi
would play there: targets for fitting the move ordering
(gomoku-evalfit --order, tools/evalfit/ordfit.py).  With --children K
each position is not labelled itself; instead K of its children are,
each one random empty point played (the i-th within 1 of a stone for
even i, within 2 for odd i; --seed): the positions a search weighs
against each other, most of which neither side would play into.
gomoku-evalfit reads these lines and writes the features of each position
with R as its target, so that tools/evalfit/fit.py fits the static
evaluation to a strong engine's searched verdicts rather than to game
outcomes, which say little about any one position.  --part I/N takes
every N-th position from the I-th (from 0), to run N labellers side by
side.
"""
import argparse
import importlib.util
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, path):
    """The script at path (from this folder) as module name: the tools are
    not a package, and some of their file names have dashes."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


rapfi_eval = load("rapfi_eval", "rapfi-eval.py")
gen_suites = load("gen_suites", os.path.join("..", "tactics", "gen_suites.py"))
FREESTYLE = 0   # gen_suites.five_at's rule: five or more counts, for either colour


def children(moves, k, size, rng):
    """k random empty points near the stones of moves, as move names: the
    i-th within Chebyshev distance 1 of a stone for even i, 2 for odd.  A
    point that ends the game (a five, or a board left with fewer than two
    empty points, where Rapfi gives no answer) is drawn and dropped."""
    stones = {rapfi_eval.coord(m) for m in moves}
    # The side to move's stones, as gen_suites.five_at reads them.  Any
    # line of five or more is dropped whatever the rule: it ends the game
    # or (an overline under exact five, renju) comes close to it.
    mine = {rapfi_eval.coord(m): 0 for m in moves[len(moves) % 2::2]}
    out = []
    for i in range(k):
        d = 1 + i % 2
        near = sorted({(x + dx, y + dy) for x, y in stones
                       for dx in range(-d, d + 1) for dy in range(-d, d + 1)
                       if 0 <= x + dx < size and 0 <= y + dy < size} - stones)
        if near:
            p = rng.choice(near)
            if (not gen_suites.five_at(mine, size, *p, 0, FREESTYLE)
                    and len(moves) + 3 <= size * size):
                out.append(rapfi_eval.name(*p))
    return out


def selftest():
    """--children's draw: near, empty, never a five, the same for a seed."""
    moves = "h8 a1 i8 a2 j8 a3 k8 b5".split()   # black to move: g8 or l8 is five
    stones = {rapfi_eval.coord(m) for m in moves}
    seen = set()
    for seed in range(200):
        kids = children(moves, 4, 15, random.Random(seed))
        assert kids == children(moves, 4, 15, random.Random(seed))
        for kid in kids:
            x, y = rapfi_eval.coord(kid)
            assert (x, y) not in stones and kid not in ("g8", "l8"), kid
            assert min(max(abs(x - a), abs(y - b)) for a, b in stones) <= 2, kid
            seen.add(kid)
    assert len(seen) > 40, len(seen)
    full = [rapfi_eval.name(x, y) for x in range(3) for y in range(3)][:8]
    assert children(full, 6, 3, random.Random(1)) == []   # one point left: none
    print("rapfi-label selftest: ok")


def main():
    if "--selftest" in sys.argv:
        selftest()
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+")
    ap.add_argument("--ms", type=int, default=100)
    ap.add_argument("--from", dest="first", type=int, default=6)
    ap.add_argument("--part", default="0/1")
    ap.add_argument("--best", action="store_true", help="write Rapfi's move too")
    ap.add_argument("--children", type=int, default=0, help="label K random children instead")
    ap.add_argument("--seed", type=int, default=1)
    rapfi_eval.add_common_args(ap)
    a = ap.parse_args()
    rapfi_eval.check_rapfi(a)
    part, parts = (int(v) for v in a.part.split("/"))
    pool = [(gid, g[:n]) for gid, g in enumerate(rapfi_eval.read_games(a.games))
            for n in range(a.first, len(g))]
    if a.children:
        rng = random.Random(a.seed)
        pool = [(gid, moves + [child]) for gid, moves in pool
                for child in children(moves, a.children, a.size, rng)]
    brain = rapfi_eval.start(a.rapfi, a.size, a.ms, a.rule)
    for gid, moves in pool[part::parts]:
        brain, ev, best = rapfi_eval.ask_again(brain, moves, len(moves))
        head = f"best {best}" if a.best else "label"
        print(f"{head} {rapfi_eval.worth(ev):.4f} {gid} moves: {' '.join(moves)}", flush=True)
    rapfi_eval.stop(brain)


if __name__ == "__main__":
    main()
