#!/usr/bin/env python3
"""Rapfi judges the moves of one or more brains on the same positions.

    tools/rapfi/move-quality.py GAMES.txt --brain NEW --brain OLD
        [--positions 300] [--ms 300] [--judge-ms 500] [--seed 1] [--size 15]
        [--rule freestyle|exact|renju] [--jobs 1] [--dump FILE]

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

--jobs N answers and judges with N copies of each program at once, each
on its share of the positions (one core each, as in a match).  --dump
FILE writes one line per position and brain, "position brain move
worth", so that screens run apart (several seeds, several machines) can
be pooled position by position.
"""
import argparse
import concurrent.futures
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
_spec = importlib.util.spec_from_file_location(
    "gen_suites", os.path.join(HERE, "..", "tactics", "gen_suites.py"))
gen_suites = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen_suites)


def positions(path, count, seed, first):
    """Draws count positions (move lists) from the games of path."""
    games = rapfi_eval.read_games([path])
    pool = [g[:n] for g in games for n in range(first, len(g))]
    if not pool:
        sys.exit(f"move-quality: no games with moves in {path} (use gomoku-match --verbose)")
    rng = random.Random(seed)
    return rng.sample(pool, min(count, len(pool)))


def in_parts(jobs, items, work):
    """work(part) on jobs contiguous parts of items at once (each part its
    own program); returns the results in items' order."""
    size = -(-len(items) // jobs) if items else 1
    parts = [items[i:i + size] for i in range(0, len(items), size)]
    with concurrent.futures.ThreadPoolExecutor(max(1, len(parts))) as ex:
        return [r for part in ex.map(work, parts) for r in part]


def answers(path, pos, a):
    """The brain's move in every position."""
    def part(chunk):
        p = rapfi_eval.start(path, a.size, a.ms, a.rule)
        out = []
        for moves in chunk:
            p, _, best = rapfi_eval.ask_again(p, moves, len(moves))
            out.append(best)
        rapfi_eval.stop(p)
        return out
    return in_parts(a.jobs, pos, part)


def makes_five(moves, m, size=15, rule="freestyle"):
    """Whether the side to move after moves wins at once by playing m on a
    size board: five in a row, or more in freestyle and for renju's white
    (gen_suites.five_at)."""
    colour = len(moves) % 2
    mine = {rapfi_eval.coord(s): colour for s in moves[colour::2]}
    return gen_suites.five_at(mine, size, *rapfi_eval.coord(m), colour,
                              rapfi_eval.RULES[rule])


def selftest():
    """makes_five by rule: five wins, an overline only in freestyle and
    for renju's white."""
    five = "h8 a1 i8 a2 j8 a3 k8 b5".split()          # black to move: g8 or l8 is five
    six = "h8 a1 i8 a2 j8 a3 k8 b5 m8 b7".split()     # black to move: l8 makes six
    assert makes_five(five, "g8") and makes_five(five, "l8") and not makes_five(five, "m8")
    assert makes_five(six, "l8") and not makes_five(six, "l8", rule="exact")
    white_six = "a1 h8 a2 i8 a3 j8 b5 k8 b7 m8 c9".split()  # white to move: l8 makes six
    assert not makes_five(six, "l8", rule="renju") and makes_five(white_six, "l8", rule="renju")
    print("move-quality selftest: ok")


def judge(pos, moves, a):
    """Rapfi's worth, for the side that moved, of every distinct answer:
    a dict (position index, move) -> worth.  A move that makes five is
    worth 1 unasked, one that fills the board 0.5: Rapfi answers neither
    board."""
    keys = sorted({(i, moves[b][i]) for i in range(len(pos)) for b in range(len(moves))})

    def part(chunk):
        p = rapfi_eval.start(a.rapfi, a.size, a.judge_ms, a.rule)
        out = []
        for i, m in chunk:
            if makes_five(pos[i], m, a.size, a.rule):
                out.append(1.0)
                continue
            if len(pos[i]) + 1 >= a.size * a.size:
                out.append(0.5)  # the board is full: a draw, and Rapfi says nothing
                continue
            try:
                p, ev, _ = rapfi_eval.ask_again(p, pos[i] + [m], len(pos[i]) + 1)
                out.append(1.0 - rapfi_eval.worth(ev))
            except TimeoutError:
                # Twice silent on the same board: the position is left out.
                print(f"move-quality: Rapfi did not judge {' '.join(pos[i])} {m}; "
                      "position left out", file=sys.stderr, flush=True)
                p = rapfi_eval.start(a.rapfi, a.size, a.judge_ms, a.rule)
                out.append(None)
        rapfi_eval.stop(p)
        return out
    return dict(zip(keys, in_parts(a.jobs, keys, part)))


def main():
    if sys.argv[1:] == ["--selftest"]:
        selftest()
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games")
    ap.add_argument("--brain", action="append", required=True)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--ms", type=int, default=300)
    ap.add_argument("--judge-ms", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--from", dest="first", type=int, default=8)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--dump")
    rapfi_eval.add_common_args(ap)
    a = ap.parse_args()
    a.jobs = max(1, a.jobs)
    rapfi_eval.check_rapfi(a)
    pos = positions(a.games, a.positions, a.seed, a.first)
    t0 = time.time()
    moves = [answers(b, pos, a) for b in a.brain]
    print(f"{len(pos)} positions, brains answered in {time.time() - t0:.0f} s", flush=True)
    value = judge(pos, moves, a)
    keep = [i for i in range(len(pos)) if all(value[(i, moves[b][i])] is not None
                                               for b in range(len(moves)))]
    if len(keep) < len(pos):
        print(f"{len(pos) - len(keep)} positions left out (Rapfi did not judge them)")
    if a.dump:
        with open(a.dump, "w") as fh:
            for i in keep:
                for b in range(len(a.brain)):
                    fh.write(f"{i} {b} {moves[b][i]} {value[(i, moves[b][i])]:.4f}\n")
    for b, path in enumerate(a.brain):
        mean = sum(value[(i, moves[b][i])] for i in keep) / max(1, len(keep))
        print(f"brain {b}: {path}: mean worth of its moves {mean:.4f}")
    for b in range(1, len(a.brain)):
        d = [value[(i, moves[0][i])] - value[(i, moves[b][i])] for i in keep
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
