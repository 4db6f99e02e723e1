#!/usr/bin/env python3
"""Play a short Gomocup session with a brain (e.g. `brain-session.py wine
pbrain-gomoku.exe`) and check every answer: ABOUT, START, an opening move, a
win it must take, a four it must block, and END stopping the program.

`brain-session.py --latency N COMMAND...` instead times how fast the brain
obeys STOP and END in the middle of a 30 s search, over N games (odd ones
freestyle on 20x20, even ones renju on 15x15, a few random moves in, STOP
and END sent 0-200 ms into the search), prints the figures and fails when
any took over 100 ms (docs/brain.md quotes them)."""
import queue
import random
import re
import subprocess
import sys
import threading
import time

LATENCY_BOUND_MS = 100

SESSION = [
    "ABOUT",
    "START 15",
    "INFO timeout_turn 2000",
    "INFO timeout_match 60000",
    "BEGIN",
    # Its own four (field 1) on row 5, open at both ends: it must make five.
    "BOARD", "5,5,1", "5,7,2", "6,5,1", "6,7,2", "7,5,1", "7,7,2", "8,5,1", "12,12,2", "DONE",
    "RESTART",
    # The opponent's four (field 2), blocked at 4,5: it must block at 9,5.
    "BOARD", "5,5,2", "4,5,1", "6,5,2", "0,0,1", "7,5,2", "0,14,1", "8,5,2", "14,0,1", "DONE",
    "END",
]


class Brain:
    """A brain on pipes; a thread stamps each line it prints on arrival."""

    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.p.stdout:
            self.lines.put((time.monotonic(), raw.decode("ascii", "replace").strip()))
        self.lines.put((time.monotonic(), None))

    def send(self, text):
        self.p.stdin.write((text + "\r\n").encode("ascii"))
        self.p.stdin.flush()
        return time.monotonic()

    def line(self, timeout=60):
        """The next line (time, text); text None at end of output."""
        return self.lines.get(timeout=timeout)

    def reply(self):
        """The next line that is not MESSAGE or DEBUG: (time, text)."""
        while True:
            t, l = self.line()
            if l is None or not l.startswith(("MESSAGE", "DEBUG")):
                return t, l

    def wait_search(self):
        """Waits for the search to report and returns None, or returns the
        move when it came first (the search ended by itself)."""
        while True:
            _, l = self.line()
            if l is None or re.fullmatch(r"\d+,\d+", l):
                return l
            if l.startswith("MESSAGE depth "):
                return None


def latency_game(cmd, renju, rng):
    """One game: the brain against a second copy of itself at 50 ms a move
    for a few moves (random positions lose at once, and a found win ends a
    search before any STOP), then a 30 s search stopped with STOP and one
    ended with END.  Returns (STOP -> move ms or None, END -> exit ms or
    None); None when the search ended by itself first."""
    size = 15 if renju else 20
    a, o = Brain(cmd), Brain(cmd)
    for b in (a, o):
        b.send(f"START {size}")
        b.send("INFO rule 4" if renju else "INFO rule 0")
        b.send("INFO timeout_turn 50")
        assert b.reply()[1] == "OK"
    a.send("BEGIN")
    for _ in range(rng.randint(1, 6)):
        o.send("TURN " + a.reply()[1])
        a.send("TURN " + o.reply()[1])
    o.send("TURN " + a.reply()[1])
    a.send("INFO timeout_turn 30000")
    stop_ms = end_ms = None
    a.send("TURN " + o.reply()[1])
    move = a.wait_search()
    if move is None:
        time.sleep(rng.uniform(0, 0.2))
        t0 = a.send("STOP")
        t, move = a.reply()
        stop_ms = (t - t0) * 1000 if t >= t0 else None
    o.send("TURN " + move)
    a.send("TURN " + o.reply()[1])
    if a.wait_search() is None:
        time.sleep(rng.uniform(0, 0.2))
        t0 = a.send("END")
        a.p.wait(timeout=60)
        end_ms = (time.monotonic() - t0) * 1000
    for b in (a, o):
        b.p.kill()
        b.p.wait()
    return stop_ms, end_ms


def latency(cmd, games):
    rng = random.Random(11)
    stops, ends = [], []
    for g in range(games):
        s, e = latency_game(cmd, g % 2 == 1, rng)
        stops += [] if s is None else [s]
        ends += [] if e is None else [e]
    for what, v in (("STOP -> move", stops), ("END -> exit", ends)):
        v.sort()
        if v:
            print(f"{what}: {len(v)} searches, median {v[len(v) // 2]:.1f} ms, "
                  f"max {v[-1]:.1f} ms")
        else:
            print(f"{what}: no search lasted long enough")
    slow = [v for v in stops + ends if v > LATENCY_BOUND_MS]
    if slow:
        print(f"FAIL: {len(slow)} over {LATENCY_BOUND_MS} ms")
    return 1 if slow else 0


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "--latency":
        return latency(sys.argv[3:], int(sys.argv[2]))
    if len(sys.argv) < 2:
        print("usage: brain-session.py [--latency N] COMMAND [ARGS...]", file=sys.stderr)
        return 2
    p = subprocess.run(sys.argv[1:], input="\r\n".join(SESSION) + "\r\n", capture_output=True,
                       text=True, timeout=120)
    lines = [l.strip() for l in p.stdout.splitlines()]
    answers = [l for l in lines if l and not l.startswith(("MESSAGE", "DEBUG"))]
    print("brain said: " + " | ".join(answers))
    bad = []
    want = [
        ("ABOUT", lambda s: s.startswith("name=") and "version=" in s),
        ("START", lambda s: s == "OK"),
        ("BEGIN", lambda s: re.fullmatch(r"\d+,\d+", s) and all(
            0 <= int(c) < 15 for c in s.split(","))),
        ("BOARD (win)", lambda s: s in ("4,5", "9,5")),
        ("RESTART", lambda s: s == "OK"),
        ("BOARD (block)", lambda s: s == "9,5"),
    ]
    for i, (what, ok) in enumerate(want):
        got = answers[i] if i < len(answers) else None
        if got is None or not ok(got):
            bad.append(f"{what}: got {got!r}")
    if len(answers) > len(want):
        bad.append(f"unexpected extra answers {answers[len(want):]}")
    if p.returncode != 0:
        bad.append(f"exit status {p.returncode} after END")
    for b in bad:
        print("FAIL: " + b)
    if not bad:
        print("brain session OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
