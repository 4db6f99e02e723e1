#!/usr/bin/env python3
"""def_from_puzzles.py - defence positions for the tactics suites, taken
from the puzzle sets' defend puzzles (assets/puzzles, made and proved by
our own engine) and kept only where full Rapfi agrees, as gen_suites.py
keeps the positions it cuts from Rapfi's games:

  * the opponent, to move (the side to move passing), has +M<n>;
  * of every empty point within 2 of a stone exactly one leaves the
    opponent without +M (Rapfi at --eval-ms each); it is the answer (the
    points that hold are printed for every puzzle, to compare with the
    puzzle's own list);
  * asked again about that one at --recheck-ms, Rapfi still finds no +M.

Prints suite lines ("def SIZE RULE SIDE PLIES ANSWER MOVES...", rule 0
freestyle, 1 exactly five, 4 renju) on stdout, a line of progress per puzzle on stderr.

  tools/tactics/def_from_puzzles.py [--eval-ms 300] [--recheck-ms 3000]
      [--part I/N] assets/puzzles/free15.txt ...

--part I/N takes every N-th puzzle from the I-th (0-based), so that N
runs side by side share the work.

  tools/tactics/def_from_puzzles.py --lost-ms 10000 assets/puzzles/*.txt

only asks Rapfi, at that time, about each defend puzzle's position, and
prints "lost ID -M<n>" for those where the side to move is lost (no move
holds, whatever the puzzle lists) and "holds ID EVAL" for the others: at
500 ms to 3 s Rapfi often calls a defence good that its 10 s search from
the position before shows lost.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_suites as gs  # noqa: E402  (Rapfi, only_defence, null_move_eval, line_of)

RULES = {"freestyle": 0, "exact": 1, "renju": 4}


def puzzles(paths):
    """Yields (size, rule, moves) of every 15x15-or-larger defend puzzle
    whose rule Rapfi plays (freestyle five, renju)."""
    for path in paths:
        for line in open(path):
            w = line.split()
            if not w or w[0].startswith("#") or w[4] != "defend":
                continue
            size, rule, k = int(w[1]), w[2], int(w[3])
            if rule not in RULES or k != 5:
                continue
            head, moves, _ = line.split(":")
            yield (w[0], size, RULES[rule], [gs.parse_move(m, size) for m in moves.split()],
                   line.split(":")[2].strip())


def holding(full, moves, size):
    """Every point within 2 of a stone after which Rapfi finds no +M for
    the opponent (all of them, to compare with the puzzle's list)."""
    return [m for m in gs.candidates(moves, size) if full.ask(moves + [m])[1][0] != "M"]


def lost_positions(args, part, parts):
    """Prints, for each defend puzzle, whether Rapfi at --lost-ms finds
    the side to move lost."""
    procs = {}
    lost = tried = 0
    for i, (pid, size, rule, moves, _) in enumerate(puzzles(args.sets)):
        if i % parts != part:
            continue
        tried += 1
        if (size, rule) not in procs:
            procs[(size, rule)] = gs.Rapfi(os.path.expanduser(args.rapfi), size, rule,
                                           args.lost_ms, 100)
        _, ev = procs[(size, rule)].ask(moves)
        lost += ev[0] == "L"
        print("%s %s %s%s" % ("lost" if ev[0] == "L" else "holds", pid,
                              {"L": "-M", "M": "+M", "E": ""}[ev[0]], ev[1]), flush=True)
    for r in procs.values():
        r.close()
    print("%d of %d defend positions lost at %d ms" % (lost, tried, args.lost_ms),
          file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="+")
    ap.add_argument("--eval-ms", type=int, default=300)
    ap.add_argument("--recheck-ms", type=int, default=3000)
    ap.add_argument("--part", default="0/1")
    ap.add_argument("--rapfi", default=gs.RAPFI)
    ap.add_argument("--lost-ms", type=int, default=0)
    args = ap.parse_args()
    part, parts = (int(x) for x in args.part.split("/"))
    if args.lost_ms:
        return lost_positions(args, part, parts)
    procs = {}
    kept = tried = 0
    t0 = time.time()
    for i, (pid, size, rule, moves, listed) in enumerate(puzzles(args.sets)):
        if i % parts != part:
            continue
        tried += 1
        key = (size, rule)
        if key not in procs:
            path = os.path.expanduser(args.rapfi)
            procs[key] = (gs.Rapfi(path, size, rule, args.eval_ms, 100),
                          gs.Rapfi(path, size, rule, args.recheck_ms, 100))
        full, slow = procs[key]
        threat = gs.null_move_eval(full, moves, size, None)
        why = "no +M for the opponent after a pass"
        if threat is not None:
            hold = holding(full, moves, size)
            names = " ".join(gs.move_name(m[0], m[1], size) for m in hold)
            why = "%d hold (%s), listed %s" % (len(hold), names or "-", listed)
            if len(hold) == 1:
                _, ev = slow.ask(moves + [hold[0]])
                if ev[0] == "M":
                    why += "; refuted at %d ms" % args.recheck_ms
                else:
                    kept += 1
                    why += "; kept"
                    print(gs.line_of("def", size, rule, moves, threat, hold[0]), flush=True)
        print("%s: %s" % (pid, why), file=sys.stderr, flush=True)
    for a, b in procs.values():
        a.close()
        b.close()
    print("kept %d of %d in %.0f s" % (kept, tried, time.time() - t0), file=sys.stderr)


if __name__ == "__main__":
    main()
