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
after those moves (a proved win 1, a proved loss 0; rapfi-eval.py's worth).
With --best the lines are "best M R G moves: ...", M being the move Rapfi
would play there: targets for fitting the move ordering
(gomoku-evalfit --order, tools/evalfit/ordfit.py).
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

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("rapfi_eval", os.path.join(HERE, "rapfi-eval.py"))
rapfi_eval = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rapfi_eval)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+")
    ap.add_argument("--ms", type=int, default=100)
    ap.add_argument("--from", dest="first", type=int, default=6)
    ap.add_argument("--part", default="0/1")
    ap.add_argument("--best", action="store_true", help="write Rapfi's move too")
    rapfi_eval.add_common_args(ap)
    a = ap.parse_args()
    rapfi_eval.check_rapfi(a)
    part, parts = (int(v) for v in a.part.split("/"))
    pool = [(gid, g[:n]) for gid, g in enumerate(rapfi_eval.read_games(a.games))
            for n in range(a.first, len(g))]
    brain = rapfi_eval.start(a.rapfi, a.size, a.ms, a.rule)
    for gid, moves in pool[part::parts]:
        ev, best = rapfi_eval.ask(brain, moves, len(moves))
        head = f"best {best}" if a.best else "label"
        print(f"{head} {rapfi_eval.worth(ev):.4f} {gid} moves: {' '.join(moves)}", flush=True)
    rapfi_eval.stop(brain)


if __name__ == "__main__":
    main()
