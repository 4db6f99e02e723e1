#!/usr/bin/env python3
"""gen_suites.py - build forced-win and only-defence suites with Rapfi.

Rapfi (github:dhbloo/rapfi, GPL-3.0, run as a separate program; nothing of
it enters this repo) plays games against itself at a weak INFO strength from
random openings, and full-strength Rapfi (a second process, classical
evaluation, no config) evaluates the positions on the way.  Its summary line
`MESSAGE Speed .. | Depth .. | Eval +M<n> | ..` says it proved a win in n
plies for the side to move (-M<n>: a loss).

Win suite: the first position of a game where the side to move has +M<n>
with min_plies <= n <= max_plies is kept (one per game, so the suite is
varied).

Defence suite (--defence N): a position where the side to move S is not
lost (Rapfi: no -M), has no win of its own, and the opponent O, were it to
move, would have +M<n> (n >= 3: not a plain four, whose block is trivial).
Then every empty point within 2 of a stone is tried for S and Rapfi, with O
to move, is asked whether O still has +M; the position is kept when exactly
one move leaves O without a proved win (Rapfi found none in its time; that
is Rapfi's word, not a proof that the move holds).  With --tss, the moves
our own threat search proves lost (a replayed proof) are not asked about.
With --root-ms, a position is kept only if Rapfi at that time finds the
side to move not lost and no win for the opponent after the answer (at
1 to 3 s Rapfi often says a move holds that its 10 s search from the
position before shows lost).  --recheck FILE... asks both again with
--eval-ms (10000 for the suites); a line it reports "(refuted!)" is a
lost position and was removed.

The openings are random: 3..6 stones, alternately black and white, on
random empty points of the central 7x7 (9x9 on 20x20), from Python's
random.Random(seed * 100000 + game).  They are not the openings tuning uses
(opengen, gomoku-match --seed 1).

Output: tests/tactics/*.txt (see the header each file gets), one position a
line:  win|def SIZE RULE SIDE PLIES ANSWER MOVES...
with moves as our records write them (column letter, row from the bottom).
"""

import argparse
import os
import random
import re
import select
import subprocess
import sys
import time

RAPFI = "~/.cache/gomoku-opponents/bin/pbrain-rapfi"
MOVE_RE = re.compile(r"^-?\d+,-?\d+$")
TRACE = bool(os.environ.get("GEN_TRACE"))
RAPFI_COMMIT = "3aedf3a2ab0ab710a9f3d00e57d5287ceb864894"


def move_name(x, y, size):
    return "%c%d" % (ord("a") + x, size - y)


class Rapfi:
    """One Rapfi process, asked about positions with BOARD (stateless)."""

    def __init__(self, path, size, rule, timeout_ms, strength=100):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        self.buf = b""
        self.size = size
        self.send("START %d" % size)
        line = self.read()
        if not line.startswith("OK"):
            raise RuntimeError("rapfi: " + line)
        self.send("INFO max_memory 268435456")
        self.send("INFO rule %d" % rule)
        self.send("INFO timeout_match 0")
        self.set_time(timeout_ms)
        self.set_strength(strength)

    def send(self, s):
        if TRACE:
            print(">%d %s" % (self.p.pid, s), file=sys.stderr)
        self.p.stdin.write((s + "\n").encode())
        self.p.stdin.flush()

    def read(self, timeout=None):
        """The next non-empty line, or None when timeout (s) passed first."""
        deadline = None if timeout is None else time.time() + timeout
        while True:
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                line = line.decode(errors="replace").strip()
                if line:
                    if TRACE:
                        print("<%d %s" % (self.p.pid, line), file=sys.stderr)
                    return line
            wait = None if deadline is None else max(0.0, deadline - time.time())
            r, _, _ = select.select([self.p.stdout], [], [], wait)
            if not r:
                return None
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError("rapfi closed its output")
            self.buf += chunk

    def sync(self):
        """Waits until Rapfi takes commands again.  It prints its move a
        moment before it stops 'thinking', and drops every command but
        STOP/END meanwhile (gomocup.cpp), so a BOARD sent at once would be
        lost; ABOUT is answered only once it is idle."""
        while True:
            self.send("ABOUT")
            line = self.read(0.05)
            while line is not None and not line.startswith("name="):
                line = self.read(0.05)
            if line is not None:
                return

    def set_time(self, ms):
        self.send("INFO timeout_turn %d" % ms)

    def set_strength(self, s):
        self.send("INFO strength %d" % s)

    def ask(self, moves):
        """moves: list of (x, y) in order, black first.  The side to move is
        the one after the last move.  Returns (move, eval) where eval is
        ('M', n) for a proved win in n plies, ('L', n) for a proved loss,
        ('E', cp) otherwise."""
        me = len(moves) % 2  # 0: black to move
        return self.ask_lines(["%d,%d,%d" % (x, y, 1 if i % 2 == me else 2)
                               for i, (x, y) in enumerate(moves)])

    def ask_lines(self, lines):
        """Sends BOARD, lines, DONE; returns (move, eval) as ask does."""
        self.send("BOARD")
        for s in lines:
            self.send(s)
        self.send("DONE")
        ev = ("E", 0)
        while True:
            line = self.read()
            if line.startswith("MESSAGE") or line.startswith("DEBUG"):
                if "Eval " in line:
                    tok = line.split("Eval ", 1)[1].split()[0]
                    if tok.startswith("+M"):
                        ev = ("M", int(tok[2:]))
                    elif tok.startswith("-M"):
                        ev = ("L", int(tok[2:]))
                    else:
                        try:
                            ev = ("E", int(tok))
                        except ValueError:
                            pass
                continue
            if line.startswith("ERROR") or line.startswith("UNKNOWN"):
                raise RuntimeError("rapfi: " + line)
            if MOVE_RE.match(line):
                x, y = line.split(",")
                self.sync()
                return (int(x), int(y)), ev

    def close(self):
        try:
            self.send("END")
            self.p.wait(timeout=3)
        except Exception:
            self.p.kill()


DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def five_at(stones, size, x, y, colour, rule):
    """Whether colour's stone at (x, y) makes five (exactly five under
    exact five and for renju black, five or more otherwise)."""
    exact = rule == 1 or (rule == 4 and colour == 0)
    for dx, dy in DIRS:
        n = 1
        for sgn in (1, -1):
            cx, cy = x + sgn * dx, y + sgn * dy
            while 0 <= cx < size and 0 <= cy < size and stones.get((cx, cy)) == colour:
                n += 1
                cx += sgn * dx
                cy += sgn * dy
        if n == 5 or (n > 5 and not exact):
            return True
    return False


def canon(moves, size):
    """A key equal for positions equal up to the board's 8 symmetries."""
    keys = []
    for t in range(8):
        pts = []
        for i, (x, y) in enumerate(moves):
            a, b = x, y
            if t & 1:
                a = size - 1 - a
            if t & 2:
                b = size - 1 - b
            if t & 4:
                a, b = b, a
            pts.append((a, b, i % 2))
        keys.append(tuple(sorted(pts)))
    return min(keys)


def opening(rng, size):
    half = 3 if size <= 15 else 4
    c = size // 2
    n = rng.randint(3, 6)
    moves = []
    while len(moves) < n:
        p = (c + rng.randint(-half, half), c + rng.randint(-half, half))
        if p not in moves:
            moves.append(p)
    return moves


def candidates(moves, size):
    occ = set(moves)
    out = set()
    for x, y in moves:
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                p = (x + dx, y + dy)
                if 0 <= p[0] < size and 0 <= p[1] < size and p not in occ:
                    out.add(p)
    return sorted(out)


def tss_losing(tss, nodes, rule, moves, size, cands):
    """The candidates after which our own threat search (gomoku-tss, PATH
    tss) proves a forced win for the opponent within nodes (every proof
    is replayed with the core's rules, so these moves lose for certain and
    Rapfi need not be asked about them), and those our rules forbid: a
    renju black move on a forbidden point, which Rapfi, given a BOARD,
    does not check, is no defence at all.  None when a candidate wins at
    once (then the position is not one to defend)."""
    if not tss or not cands:
        return set()
    side = "white" if len(moves) % 2 == 0 else "black"  # the opponent, after the move
    names = " ".join(move_name(x, y, size) for x, y in moves)
    path = "/tmp/gen_suites_tss_%d.txt" % os.getpid()
    lost = set()
    while True:
        tried = [c for c in cands if c not in lost]
        if not tried:
            return lost
        with open(path, "w") as f:
            for x, y in tried:
                f.write("win %d %d %s 0 a1 %s %s\n" % (size, rule, side, names,
                                                        move_name(x, y, size)))
        out = subprocess.run([tss, "--nodes", str(nodes), "--verbose", path],
                             capture_output=True, text=True)
        os.unlink(path)
        # The suite reader stops at the first line it refuses: drop it, again.
        bad = re.search(r":(\d+): move \d+ \(\w+\) (is not legal|already wins)", out.stderr)
        if bad and bad.group(2) == "already wins":
            return None  # the side to move wins at once: no defence position
        if bad:
            lost.add(tried[int(bad.group(1)) - 1])
            continue
        for line in out.stdout.splitlines():
            m = re.match(r"\s+line\s+(\d+)\s.*proved", line)
            if m:
                lost.add(tried[int(m.group(1)) - 1])
        return lost


def only_defence(full, moves, size, best, args):
    """Returns the single move after which the opponent has no proved win,
    or None.  Rapfi's own choice is tried first; two survivors end it.
    Moves our threat search proves lost are not asked about."""
    cands = candidates(moves, size)
    if best in cands:
        cands.remove(best)
        cands.insert(0, best)
    lost = tss_losing(args.tss, args.tss_nodes, args.rule, moves, size, cands)
    if lost is None or best in lost:
        return None  # Rapfi's choice loses by our proof: Rapfi's word is short here
    survivor = None
    for m in cands:
        if m in lost:
            continue
        _, ev = full.ask(moves + [m])
        if ev[0] != "M":
            if survivor is not None:
                return None
            survivor = m
    return survivor


def why_lost(rapfi, moves, answer):
    """Asks rapfi whether a defence position holds: the side to move must
    not be lost, and after the answer the opponent must have no proved
    win.  Both: at 500 ms to 3 s Rapfi often says a move holds that its
    10 s search from the position before shows lost.  Returns None when
    it holds, else ("root", n) for -Mn or ("answer", n) for +Mn."""
    _, ev = rapfi.ask(moves)
    if ev[0] == "L":
        return ("root", ev[1])
    _, ev = rapfi.ask(moves + [answer])
    return ("answer", ev[1]) if ev[0] == "M" else None


def deep_holds(deep, moves, answer):
    """Whether a position stands the long look (Rapfi at --root-ms)."""
    return deep is None or why_lost(deep, moves, answer) is None


def line_of(kind, size, rule, moves, plies, answer):
    side = "black" if len(moves) % 2 == 0 else "white"
    ans = move_name(answer[0], answer[1], size) if answer else "-"
    return "%s %d %d %s %d %s %s" % (kind, size, rule, side, plies, ans,
                                     " ".join(move_name(x, y, size) for x, y in moves))


def play_game(args, rng, weak, full, deep, seen, out_win, out_def, want_win, want_def):
    moves = opening(rng, args.size)
    stones = {m: i % 2 for i, m in enumerate(moves)}
    weak.set_strength(rng.randint(args.strength_lo, args.strength_hi))
    got_win = not want_win
    # Where the search for a position starts varies by game, so that the
    # suite is not all early positions.
    first = rng.randint(args.min_ply, args.min_ply + args.ply_spread)
    got_def = not want_def
    while len(moves) < args.size * args.size - 1 and len(moves) < args.max_ply:
        if len(moves) >= first and not (got_win and got_def):
            best, ev = full.ask(moves)
            key = canon(moves, args.size)
            if (not got_win and ev[0] == "M" and args.min_plies <= ev[1] <= args.max_plies
                    and key not in seen):
                seen.add(key)
                out_win.append(line_of("win", args.size, args.rule, moves, ev[1], best))
                got_win = True
                print(out_win[-1], flush=True)
            elif (not got_def and ev[0] == "E" and key not in seen
                  and not five_at({**stones, best: len(moves) % 2}, args.size, best[0],
                                  best[1], len(moves) % 2, args.rule)):
                # (Rapfi plays a five at once without an Eval line: that
                # position is the side to move's win, not a defence.)
                # Would the opponent win if it were to move?  Pass by
                # asking with the colours swapped: same stones, one ply on.
                threat = null_move_eval(full, moves, args.size, stones)
                if threat is not None and 3 <= threat <= args.max_plies:
                    ans = only_defence(full, moves, args.size, best, args)
                    if ans is not None and deep_holds(deep, moves, ans):
                        seen.add(key)
                        out_def.append(line_of("def", args.size, args.rule, moves, threat, ans))
                        got_def = True
                        print(out_def[-1], flush=True)
        if got_win and got_def:
            return
        m, _ = weak.ask(moves)
        colour = len(moves) % 2
        if m in stones:
            return
        moves.append(m)
        stones[m] = colour
        if five_at(stones, args.size, m[0], m[1], colour, args.rule):
            return


def null_move_eval(full, moves, size, stones):
    """Rapfi's +M for the opponent of the side to move, as if that side
    passed: the stones in move order, the opponent's marked as Rapfi's own,
    then a pass (-1,-1) by the side to move.  Returns n for +M<n>, else
    None."""
    me = len(moves) % 2
    lines = ["%d,%d,%d" % (x, y, 2 if i % 2 == me else 1) for i, (x, y) in enumerate(moves)]
    lines.append("-1,-1,2")
    _, ev = full.ask_lines(lines)
    return ev[1] if ev[0] == "M" else None


def parse_move(name, size):
    return (ord(name[0]) - ord("a"), size - int(name[1:]))


def recheck(args, path):
    """Asks full Rapfi again, with --eval-ms, about each defence of a suite
    file: the side to move must not be lost, and after the refutation the
    opponent to move must have no +M."""
    bad = 0
    n = 0
    procs = {}
    for line in open(path):
        w = line.split()
        if not w or w[0].startswith("#") or w[0] != "def":
            continue
        size, rule = int(w[1]), int(w[2])
        key = (size, rule)
        if key not in procs:
            procs[key] = Rapfi(os.path.expanduser(args.rapfi), size, rule, args.eval_ms, 100)
        moves = [parse_move(m, size) for m in w[6:]]
        answer = parse_move(w[5], size)
        lost = why_lost(procs[key], moves, answer)
        n += 1
        if lost is None:
            verdict = "holds"
        elif lost[0] == "root":
            verdict = "the side to move is lost: -M%d (refuted!)" % lost[1]
        else:
            verdict = "after the refutation %s: opponent +M%d (refuted!)" % (w[5], lost[1])
        bad += verdict.endswith("(refuted!)")
        print("%s %s: %s" % (path, " ".join(w[:6]), verdict), flush=True)
    for r in procs.values():
        r.close()
    print("%s: %d of %d positions hold at %d ms" % (path, n - bad, n, args.eval_ms))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", type=int, default=0, help="0 freestyle, 4 renju")
    ap.add_argument("--wins", type=int, default=50)
    ap.add_argument("--defence", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1201)
    ap.add_argument("--games", type=int, default=1000, help="most games to play")
    ap.add_argument("--eval-ms", type=int, default=1000)
    ap.add_argument("--weak-ms", type=int, default=100)
    ap.add_argument("--strength-lo", type=int, default=0)
    ap.add_argument("--strength-hi", type=int, default=30)
    ap.add_argument("--min-ply", type=int, default=9)
    ap.add_argument("--ply-spread", type=int, default=14,
                    help="first ply looked at: min-ply + random 0..spread")
    ap.add_argument("--max-ply", type=int, default=80)
    ap.add_argument("--min-plies", type=int, default=5)
    ap.add_argument("--max-plies", type=int, default=25)
    ap.add_argument("--out")
    ap.add_argument("--recheck", nargs="+", metavar="FILE",
                    help="re-ask Rapfi (--eval-ms) about the refutations of these defence suites")
    ap.add_argument("--def-out")
    ap.add_argument("--tss", help="gomoku-tss: moves it proves lost are not asked about")
    ap.add_argument("--tss-nodes", type=int, default=300000)
    ap.add_argument("--root-ms", type=int, default=0,
                    help="keep a defence only if Rapfi at this time finds the side to move not "
                         "lost, and no win for the opponent after the answer")
    ap.add_argument("--rapfi", default=RAPFI)
    args = ap.parse_args()
    if args.recheck:
        for path in args.recheck:
            recheck(args, path)
        return
    if not args.out:
        ap.error("--out is needed")
    path = os.path.expanduser(args.rapfi)
    weak = Rapfi(path, args.size, args.rule, args.weak_ms, 0)
    full = Rapfi(path, args.size, args.rule, args.eval_ms, 100)
    deep = Rapfi(path, args.size, args.rule, args.root_ms, 100) if args.root_ms else None
    wins, defs, seen = [], [], set()
    t0 = time.time()
    g = 0
    for g in range(args.games):
        if len(wins) >= args.wins and len(defs) >= args.defence:
            break
        rng = random.Random(args.seed * 100000 + g)
        play_game(args, rng, weak, full, deep, seen, wins, defs, len(wins) < args.wins,
                  len(defs) < args.defence)
        write(args.out, wins, args, g + 1, "win")
        if args.def_out:
            write(args.def_out, defs, args, g + 1, "def")
    weak.close()
    full.close()
    if deep:
        deep.close()
    print("games %d wins %d defences %d in %.0f s" % (g + 1, len(wins), len(defs), time.time() - t0),
          file=sys.stderr)


def write(path, lines, args, games, kind):
    rule = "renju" if args.rule == 4 else "freestyle"
    with open(path, "w") as f:
        f.write("# %s suite, %dx%d %s: made by tools/tactics/gen_suites.py with Rapfi %s\n"
                % ("Forced-win" if kind == "win" else "Only-defence", args.size, args.size, rule,
                   RAPFI_COMMIT))
        f.write("# (classical evaluation, no config).  Command:\n")
        f.write("#   tools/tactics/gen_suites.py --size %d --rule %d --wins %d --defence %d "
                "--seed %d\n#     --eval-ms %d --weak-ms %d --strength-lo %d --strength-hi %d "
                "--min-ply %d --ply-spread %d%s%s\n"
                % (args.size, args.rule, args.wins, args.defence, args.seed, args.eval_ms,
                   args.weak_ms, args.strength_lo, args.strength_hi, args.min_ply,
                   args.ply_spread, " --root-ms %d" % args.root_ms if args.root_ms else "",
                   " --tss gomoku-tss" if args.tss else ""))
        f.write("# Games of weak Rapfi (INFO strength %d..%d) against itself from random openings\n"
                % (args.strength_lo, args.strength_hi))
        f.write("# (random.Random(seed * 100000 + game), not opengen nor gomoku-match --seed 1);\n")
        if kind == "win":
            f.write("# kept: the first position of a game where full Rapfi (%d ms) says +M<n>,\n"
                    "# %d <= n <= %d, for the side to move.  %d games played.\n"
                    % (args.eval_ms, args.min_plies, args.max_plies, games))
        else:
            f.write("# kept: the side to move is not lost but the opponent, to move, would have +M<n>\n"
                    "# (n >= 3), and of every empty point within 2 of a stone exactly one leaves the\n"
                    "# opponent without +M (full Rapfi, %d ms each).  %d games played.\n"
                    % (args.eval_ms, games))
            if args.root_ms:
                f.write("# And full Rapfi at %d ms finds the side to move not lost, and after\n"
                        "# the answer no +M for the opponent.\n" % args.root_ms)
            if args.tss:
                f.write("# Moves our own threat search (gomoku-tss, %d nodes) proves lost were\n"
                        "# not asked about.\n" % args.tss_nodes)
        f.write("# kind size rule(0 freestyle, 4 renju) side-to-move plies answer moves...\n")
        f.write("# (plies: Rapfi's +M length, for the opponent in a defence; answer: Rapfi's\n"
                "# first move of the win, or the one refutation)\n")
        for line in lines:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
