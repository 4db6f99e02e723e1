#!/usr/bin/env python3
"""Rapfi's evaluation of many positions, as targets for fitting ours.

    tools/rapfi/rapfi-label.py GAMES.txt [GAMES2.txt ...] [--ms 100] [--from 6]
        [--part I/N] [--size 15] [--rule freestyle|exact|renju] > labels.txt

GAMES.txt is gomoku-match --verbose output (its "moves:" lines).  Every
position of every game from --from plies on (never the final one) is
searched by full-strength Rapfi for --ms milliseconds, and one line is
written per position:

    label R G moves: h8 i9 ...

G numbers the game the position comes from (fit.py splits train and test
positions by game), R is Rapfi's evaluation turned into an expected score for the side to move
after those moves (a proved win 1, a proved loss 0; see move-quality.py).
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
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name):
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"),
                                                  os.path.join(HERE, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


rapfi_eval = load("rapfi-eval")
move_quality = load("move-quality")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+")
    ap.add_argument("--ms", type=int, default=100)
    ap.add_argument("--from", dest="first", type=int, default=6)
    ap.add_argument("--part", default="0/1")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", choices=sorted(rapfi_eval.RULES), default="freestyle")
    ap.add_argument("--rapfi", default=os.path.join(rapfi_eval.CACHE, "bin", "pbrain-rapfi"))
    a = ap.parse_args()
    if not os.access(a.rapfi, os.X_OK):
        sys.exit(f"rapfi-label: no Rapfi at {a.rapfi} (run tools/rapfi/build-rapfi.sh)")
    part, parts = (int(v) for v in a.part.split("/"))
    pool, games = [], []
    for path in a.games:
        with open(path) as f:
            for line in f:
                if "moves:" in line:
                    g = line.split("moves:")[1].split()
                    gid = len(games)
                    games.append(g)
                    pool.extend((gid, g[:n]) for n in range(a.first, len(g)))
    brain = rapfi_eval.start(a.rapfi, a.size, a.ms, a.rule)
    for gid, moves in pool[part::parts]:
        ev, _ = rapfi_eval.ask(brain, moves, len(moves))
        print(f"label {move_quality.worth(ev):.4f} {gid} moves: {' '.join(moves)}", flush=True)
    rapfi_eval.stop(brain)


if __name__ == "__main__":
    main()
