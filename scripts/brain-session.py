#!/usr/bin/env python3
"""Play a short Gomocup session with a brain (e.g. `brain-session.py wine
pbrain-gomoku.exe`) and check every answer: ABOUT, START, an opening move, a
win it must take, a four it must block, and END stopping the program."""
import re
import subprocess
import sys

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


def main():
    if len(sys.argv) < 2:
        print("usage: brain-session.py COMMAND [ARGS...]", file=sys.stderr)
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
