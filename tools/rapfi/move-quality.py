#!/usr/bin/env python3
"""Rapfi judges the moves of one or more brains on the same positions.

    tools/rapfi/move-quality.py GAMES.txt --brain NEW --brain OLD
        [--positions 300] [--ms 300] [--judge-ms 500] [--seed 1] [--size 15]
        [--rule freestyle|exact|renju]

GAMES.txt is gomoku-match --verbose output (its "moves:" lines).  From
those games --positions positions are drawn (ply 8 on, never the last
one); each brain answers every one of them with --ms milliseconds a move,
and full-strength Rapfi searches the position after every distinct answer
for --judge-ms milliseconds.  Its evaluation, turned into an expected
score for the side that moved (a proved win 1, a proved loss 0), is what
the move is worth.

A game between two engines is won or lost by a few moves out of forty,
so a hundred games tell two versions apart only when they differ a lot.
Judging every move on the same positions is a far finer screen: where two
brains choose differently, the mean difference of their moves' worth and
its standard error are printed, with the counts of clear differences
(more than 0.2).  It screens ideas; the games (gomoku-match) still settle
them.
"""
import argparse
import importlib.util
import math
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("rapfi_eval", os.path.join(HERE, "rapfi-eval.py"))
rapfi_eval = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rapfi_eval)

def positions(path, count, seed, first):
    """Draws count positions (move lists) from the games of path."""
    games = rapfi_eval.read_games([path])
    pool = [g[:n] for g in games for n in range(first, len(g))]
    if not pool:
        sys.exit(f"move-quality: no games with moves in {path} (use gomoku-match --verbose)")
    rng = random.Random(seed)
    return rng.sample(pool, min(count, len(pool)))


def answers(path, pos, a):
    """The brain's move in every position."""
    p = rapfi_eval.start(path, a.size, a.ms, a.rule)
    out = []
    for moves in pos:
        _, best = rapfi_eval.ask(p, moves, len(moves))
        out.append(best)
    rapfi_eval.stop(p)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games")
    ap.add_argument("--brain", action="append", required=True)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--ms", type=int, default=300)
    ap.add_argument("--judge-ms", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--from", dest="first", type=int, default=8)
    rapfi_eval.add_common_args(ap)
    a = ap.parse_args()
    rapfi_eval.check_rapfi(a)
    pos = positions(a.games, a.positions, a.seed, a.first)
    t0 = time.time()
    moves = [answers(b, pos, a) for b in a.brain]
    print(f"{len(pos)} positions, brains answered in {time.time() - t0:.0f} s", flush=True)
    judge = rapfi_eval.start(a.rapfi, a.size, a.judge_ms, a.rule)
    value = {}
    for i, m in enumerate(pos):
        for b in range(len(a.brain)):
            key = (i, moves[b][i])
            if key not in value:
                ev, _ = rapfi_eval.ask(judge, m + [moves[b][i]], len(m) + 1)
                value[key] = 1.0 - rapfi_eval.worth(ev)
    rapfi_eval.stop(judge)
    for b, path in enumerate(a.brain):
        mean = sum(value[(i, moves[b][i])] for i in range(len(pos))) / len(pos)
        print(f"brain {b}: {path}: mean worth of its moves {mean:.4f}")
    for b in range(1, len(a.brain)):
        d = [value[(i, moves[0][i])] - value[(i, moves[b][i])] for i in range(len(pos))
             if moves[0][i] != moves[b][i]]
        if not d:
            print(f"brain 0 vs {b}: the same move everywhere")
            continue
        mean = sum(d) / len(d)
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / max(1, len(d) - 1))
        print(f"brain 0 vs {b}: {len(d)} positions differ; 0 better by {mean:+.4f} a move"
              f" (standard error {sd / math.sqrt(len(d)):.4f}); clearly better: 0 in"
              f" {sum(x > 0.2 for x in d)}, {b} in {sum(x < -0.2 for x in d)}")


if __name__ == "__main__":
    main()
