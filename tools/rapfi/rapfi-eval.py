#!/usr/bin/env python3
"""Rapfi's verdict on every position of a game: where was it lost?

    tools/rapfi/rapfi-eval.py "h10 e12 b10 e9 e11 ..." [--ms 1000] [--from 4] [--size 15]

Moves as gomoku-match prints them (column letter from a, row number from 1
at the top).  For each position from --from plies on, Rapfi (built by
build-rapfi.sh, driven over pipes as a separate program) searches --ms
milliseconds and the line shows its evaluation for the side to move
(+M<n>: a proved win in n plies), its best move and the move played.  A
sudden jump against one side marks the move that lost.  Rapfi drops a
command that arrives just after it prints a move, so the script waits
100 ms after each answer (docs/opponents.md).
"""
import argparse
import os
import re
import subprocess
import sys
import time

CACHE = os.environ.get("GOMOKU_OPPONENTS_DIR",
                       os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
                                    "gomoku-opponents"))


def coord(s):
    return ord(s[0]) - ord("a"), int(s[1:]) - 1


def name(x, y):
    return chr(ord("a") + x) + str(y + 1)


def ask(brain, moves, n):
    """Sends the first n moves as a BOARD; returns (eval, best move)."""
    stm = n % 2
    lines = ["BOARD"]
    for i, m in enumerate(moves[:n]):
        x, y = coord(m)
        lines.append(f"{x},{y},{1 if i % 2 == stm else 2}")
    lines.append("DONE")
    brain.stdin.write("\n".join(lines) + "\n")
    brain.stdin.flush()
    ev = "?"
    while True:
        line = brain.stdout.readline()
        if not line:
            sys.exit("rapfi-eval: Rapfi closed its output")
        line = line.strip()
        m = re.search(r"Eval (\S+)", line)
        if m:
            ev = m.group(1)
        if re.fullmatch(r"\d+,\d+", line):
            x, y = map(int, line.split(","))
            time.sleep(0.1)
            return ev, name(x, y)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("moves")
    ap.add_argument("--ms", type=int, default=1000)
    ap.add_argument("--from", dest="start", type=int, default=4)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rapfi", default=os.path.join(CACHE, "bin", "pbrain-rapfi"))
    a = ap.parse_args()
    if not os.access(a.rapfi, os.X_OK):
        sys.exit(f"rapfi-eval: no Rapfi at {a.rapfi} (run tools/rapfi/build-rapfi.sh)")
    moves = a.moves.split()
    brain = subprocess.Popen([a.rapfi], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    brain.stdin.write(f"START {a.size}\n")
    brain.stdin.flush()
    if "OK" not in brain.stdout.readline():
        sys.exit("rapfi-eval: Rapfi did not accept START")
    brain.stdin.write(f"INFO max_memory 268435456\nINFO timeout_turn {a.ms}\nINFO timeout_match 0\n")
    for n in range(a.start, len(moves) + 1):
        ev, best = ask(brain, moves, n)
        played = moves[n] if n < len(moves) else "-"
        print(f"ply {n + 1:3d}  {'BW'[n % 2]} to move  eval {ev:>6s}  best {best:4s}  played {played}",
              flush=True)
    brain.stdin.write("END\n")
    brain.stdin.flush()
    brain.wait(timeout=10)


if __name__ == "__main__":
    main()
