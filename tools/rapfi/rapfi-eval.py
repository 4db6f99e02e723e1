#!/usr/bin/env python3
"""Rapfi's verdict on every position of a game: where was it lost?

    tools/rapfi/rapfi-eval.py "h10 e12 b10 e9 e11 ..." [--ms 1000] [--from 4] [--size 15]
        [--rule freestyle|exact|renju]

Moves as gomoku-match prints them (column letter from a, row number from 1
at the top).  For each position from --from plies on, Rapfi (built by
build-rapfi.sh, driven over pipes as a separate program) searches --ms
milliseconds and the line shows its evaluation for the side to move
(+M<n>: a proved win in n plies), its best move and the move played.  A
sudden jump against one side marks the move that lost.  Rapfi drops a
command that arrives just after it prints a move, so the script waits
100 ms after each answer (docs/opponents.md); a brain that still goes
silent past its turn and STUCK_AFTER_S more is started anew and asked
again (ask_again).  --selftest checks that with a brain that drops its
first question.
"""
import argparse
import math
import os
import queue
import re
import subprocess
import sys
import threading
import time

CACHE = os.environ.get("GOMOKU_OPPONENTS_DIR",
                       os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
                                    "gomoku-opponents"))


def coord(s):
    return ord(s[0]) - ord("a"), int(s[1:]) - 1


def name(x, y):
    return chr(ord("a") + x) + str(y + 1)


# Gomocup INFO rule values.
RULES = {"freestyle": 0, "exact": 1, "renju": 4}


def start(path, size, ms, rule="freestyle"):
    """Starts a Gomocup brain (stderr discarded) for a size board, ms
    milliseconds a move and rule; returns the process once it took START."""
    p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    p.stdin.write(f"START {size}\n")
    p.stdin.flush()
    if "OK" not in p.stdout.readline():
        sys.exit(f"{os.path.basename(sys.argv[0])}: {path} did not accept START {size}")
    p.stdin.write(f"INFO max_memory 268435456\nINFO timeout_turn {ms}\nINFO timeout_match 0\n"
                  f"INFO rule {RULES[rule]}\n")
    p.stdin.flush()
    # What ask() needs to wait with a limit, and ask_again() to start it anew.
    p.args_again = (path, size, ms, rule)
    p.lines = queue.Queue()
    threading.Thread(target=pump, args=(p,), daemon=True).start()
    return p


def pump(p):
    """Moves the brain's output lines into p.lines (None at its end)."""
    for line in p.stdout:
        p.lines.put(line)
    p.lines.put(None)


def ask_again(brain, moves, n):
    """ask(), and when the brain stops answering (Rapfi now and then drops a
    command that arrives just as it answers), a fresh copy of it asked once
    more.  Returns (brain, eval, best move): the brain to go on with."""
    try:
        return (brain, *ask(brain, moves, n))
    except TimeoutError:
        brain.kill()
        brain.wait()
        fresh = start(*brain.args_again)
        try:
            return (fresh, *ask(fresh, moves, n))
        except TimeoutError:
            fresh.kill()  # silent twice: no copy is left running
            fresh.wait()
            raise


# Rapfi's evaluation (about a hundred a stone's worth) to an expected score:
# its own scale, win rate = sigmoid(eval / 200).
SCALE = 200.0


def worth(ev):
    """Rapfi's evaluation for the side to move as that side's expected score
    (a proved win 1, a proved loss 0, anything unreadable 0.5)."""
    m = re.fullmatch(r"([+-])M\d+", ev)
    if m:
        return 1.0 if m.group(1) == "+" else 0.0
    try:
        v = float(ev)
    except ValueError:
        return 0.5
    return 1.0 / (1.0 + math.exp(-v / SCALE))


def read_games(paths):
    """The move lists of the games in gomoku-match --verbose files, in order."""
    games = []
    for path in paths:
        with open(path) as f:
            games.extend(line.split("moves:")[1].split() for line in f if "moves:" in line)
    return games


def add_common_args(ap):
    """Adds the board, rule and Rapfi options every script here takes."""
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", choices=sorted(RULES), default="freestyle")
    ap.add_argument("--rapfi", default=os.path.join(CACHE, "bin", "pbrain-rapfi"))


def check_rapfi(a):
    """Exits with a message when a.rapfi is not an executable."""
    if not os.access(a.rapfi, os.X_OK):
        sys.exit(f"{os.path.basename(sys.argv[0])}: no Rapfi at {a.rapfi}"
                 " (run tools/rapfi/build-rapfi.sh)")


def stop(p):
    """Ends a brain started by start()."""
    p.stdin.write("END\n")
    p.stdin.flush()
    p.wait(timeout=10)


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
    # A brain gets its turn's time and STUCK_AFTER_S more before it counts
    # as stuck (TimeoutError).
    limit = time.time() + brain.args_again[2] / 1000 + STUCK_AFTER_S
    while True:
        try:
            line = brain.lines.get(timeout=max(0.01, limit - time.time()))
        except queue.Empty:
            raise TimeoutError("the brain did not answer") from None
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


# Seconds past its turn's time after which a silent brain counts as stuck.
STUCK_AFTER_S = 10.0

# A stand-in brain for --selftest: the first copy started never answers
# (it leaves a mark file), later copies answer h8.
FAKE_BRAIN = """#!/usr/bin/env python3
import os, sys
mark = sys.argv[0] + ".started"
silent = not os.path.exists(mark)
open(mark, "w").close()
for line in sys.stdin:
    cmd = line.strip().upper()
    if cmd.startswith("START"):
        print("OK", flush=True)
    elif cmd == "DONE" and not silent:
        print("MESSAGE Eval 25", flush=True)
        print("7,7", flush=True)
    elif cmd == "END":
        break
"""


def selftest():
    """ask_again: a brain that drops a question is started anew and answers."""
    global STUCK_AFTER_S
    import tempfile
    STUCK_AFTER_S = 0.5
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "fake-brain")
        with open(path, "w") as fh:
            fh.write(FAKE_BRAIN)
        os.chmod(path, 0o755)
        brain = start(path, 15, 100)
        try:
            ask(brain, ["h8"], 1)
            sys.exit("rapfi-eval selftest: the silent brain did not time out")
        except TimeoutError:
            pass
        first = brain.pid
        brain, ev, best = ask_again(brain, ["h8"], 1)
        assert (ev, best) == ("25", "h8") and brain.pid != first, (ev, best)
        brain, ev, best = ask_again(brain, ["h8", "i9"], 2)
        assert best == "h8", best
        stop(brain)
    print("rapfi-eval selftest: ok (a stuck brain is started anew)")


def main():
    if sys.argv[1:] == ["--selftest"]:
        selftest()
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("moves")
    ap.add_argument("--ms", type=int, default=1000)
    ap.add_argument("--from", dest="start", type=int, default=4)
    add_common_args(ap)
    a = ap.parse_args()
    check_rapfi(a)
    moves = a.moves.split()
    brain = start(a.rapfi, a.size, a.ms, a.rule)
    for n in range(a.start, len(moves) + 1):
        ev, best = ask(brain, moves, n)
        played = moves[n] if n < len(moves) else "-"
        print(f"ply {n + 1:3d}  {'BW'[n % 2]} to move  eval {ev:>6s}  best {best:4s}  played {played}",
              flush=True)
    stop(brain)


if __name__ == "__main__":
    main()
