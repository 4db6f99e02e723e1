#!/usr/bin/python3
"""Tune engine knobs by games: SPSA at a fixed node budget.

    tools/evalfit/spsa.py --match build/rel/tools/match/gomoku-match \\
        --openings tools/match/selfplay-open400.txt \\
        --exclude tools/match/selfplay-open200.txt \\
        --nodes 30000 --iterations 800 --log /tmp/spsa.log \\
        20:0:4 21:0:4 ...            (KNOB:START:C, one per tuned knob)

Each iteration draws a random sign for every knob, and plays theta + c*d
against theta - c*d (gomoku-match's nodes: players, AiTune knob K = V) on
--pairs openings drawn at random from --openings (those also in --exclude,
the test openings, are never used), both colours each.  With --opponent
SPEC (any gomoku-match player, for example Rapfi as pbrain:PATH, with
--match-args for its time and INFO settings) each of the two plays SPEC
instead, on the same openings and colours, both matches at once: the
tuner then climbs the score against that opponent, not against itself,
and "wins+ - wins-" below is the difference of the two matches' wins
minus losses.  The score difference moves theta along d: theta += r_k *
c_k * (wins+ - wins-) * d,
with the gains of the usual schedule (c_k = c / k^0.101, r_k = a / (A + k)^0.602
/ c_k^2, a set from --r-end so that the last step's learning rate is
--r-end).  Knob values are rounded for play and kept fractional here.
--fixed ',K=V,...' adds knobs both sides keep (an earlier tuning's
answer).  Every iteration appends a line to --log: iteration, games, the
running score of the plus side (with --opponent, of both sides against
it), then every knob's value; --resume reads the last line back.  The
tuner's answer is theta, not the match results: check it by games
against the untuned engine at a node budget and at a time
(docs/strength.md).

Only the standard library; gomoku-match does the playing, --threads at once.
"""
import argparse
import math
import os
import random
import re
import subprocess
import sys
import tempfile

ALPHA, GAMMA = 0.602, 0.101


def read_openings(path):
    with open(path) as f:
        return [ln.strip() for ln in f if ln.strip() and not ln.startswith("#")]


def parse_knob(text):
    parts = text.split(":")
    if len(parts) != 3:
        raise SystemExit(f"spsa: bad knob '{text}' (KNOB:START:C)")
    return int(parts[0]), float(parts[1]), float(parts[2])


def spec(args, kv):
    """The gomoku-match player of knob values kv."""
    return f"nodes:{args.nodes}{args.fixed}" + "".join(f",{k}={v}" for k, v in kv)


def start_match(args, a, b, path, threads):
    """Starts gomoku-match, a against b on the openings file path."""
    cmd = [args.match, "--quiet", "--games", str(2 * args.pairs), "--threads", str(threads),
           "--openings", path] + args.match_args.split() + [a, b]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def result(proc):
    """A's wins, draws and B's wins of a started match."""
    out, err = proc.communicate()
    if proc.returncode != 0:
        raise SystemExit(f"spsa: gomoku-match failed ({proc.returncode}):\n{out}{err}")
    for ln in out.splitlines():
        m = re.match(r"\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+[\d.]+%", ln)
        if m:
            return int(m.group(2)), int(m.group(3)), int(m.group(4))
    raise SystemExit("spsa: no result line from gomoku-match:\n" + out)


def play(args, plus, minus, openings):
    """Plays plus against minus on openings (both colours), or with
    --opponent each of them against it.  Returns the games, the score (of
    plus against minus, or of both against the opponent) and the
    difference that moves theta."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(openings) + "\n")
        path = f.name
    try:
        if not args.opponent:
            w, d, l = result(start_match(args, spec(args, plus), spec(args, minus), path,
                                         args.threads))
            return w + d + l, w + 0.5 * d, w - l
        each = max(1, args.threads // 2)
        procs = [start_match(args, spec(args, kv), args.opponent, path, each)
                 for kv in (plus, minus)]
        try:
            (wp, dp, lp), (wm, dm, lm) = result(procs[0]), result(procs[1])
        finally:
            for proc in procs:
                if proc.poll() is None:
                    proc.kill()
    finally:
        os.unlink(path)
    return wp + dp + lp + wm + dm + lm, wp + wm + 0.5 * (dp + dm), (wp - lp) - (wm - lm)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--match", required=True)
    ap.add_argument("--openings", required=True)
    ap.add_argument("--exclude")
    ap.add_argument("--nodes", type=int, default=30000)
    ap.add_argument("--iterations", type=int, default=500)
    ap.add_argument("--pairs", type=int, default=2, help="openings an iteration")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--r-end", type=float, default=0.005)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fixed", default="", help="',K=V...' knobs both sides play with")
    ap.add_argument("--opponent", default="", help="a gomoku-match player both sides play")
    ap.add_argument("--match-args", default="", help="more gomoku-match options, one string")
    ap.add_argument("--log", required=True)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("knobs", nargs="+", help="KNOB:START:C")
    args = ap.parse_args()

    knobs = [parse_knob(k) for k in args.knobs]
    ids = [k[0] for k in knobs]
    theta = [k[1] for k in knobs]
    cs = [k[2] for k in knobs]
    pool = read_openings(args.openings)
    if args.exclude:
        held = set(read_openings(args.exclude))
        pool = [o for o in pool if o not in held]
    first, games, score = 1, 0, 0.0
    if args.resume and os.path.exists(args.log):
        with open(args.log) as f:
            last = [ln for ln in f if ln.strip() and not ln.startswith("#")][-1].split()
        first, games, score = int(last[0]) + 1, int(last[1]), float(last[2]) * int(last[1])
        theta = [float(v) for v in last[3:]]
    else:
        with open(args.log, "w") as f:
            f.write(f"# spsa nodes {args.nodes} pairs {args.pairs} r_end {args.r_end} "
                    f"opponent {args.opponent or 'itself'}; "
                    f"columns: iteration games plus-score then knobs {' '.join(map(str, ids))}\n")
    rng = random.Random(args.seed * 1000003 + first)
    big_a = args.iterations / 10
    a = args.r_end * (big_a + args.iterations) ** ALPHA
    for it in range(first, args.iterations + 1):
        ck = [c / it ** GAMMA for c in cs]
        rk = a / (big_a + it) ** ALPHA
        d = [rng.choice((-1, 1)) for _ in ids]
        plus = [(k, round(t + c * s)) for k, t, c, s in zip(ids, theta, ck, d)]
        minus = [(k, round(t - c * s)) for k, t, c, s in zip(ids, theta, ck, d)]
        n, won, diff = play(args, plus, minus, rng.sample(pool, args.pairs))
        # Knobs with different c move by the same number of their own c:
        # the step in knob units is c_k times the learning rate.
        theta = [t + rk * c * diff * s for t, c, s in zip(theta, ck, d)]
        score += won
        games += n
        with open(args.log, "a") as f:
            f.write(f"{it} {games} {score / games:.4f} " +
                    " ".join(f"{t:.2f}" for t in theta) + "\n")
    print(" ".join(f"{k}={round(t)}" for k, t in zip(ids, theta)))


if __name__ == "__main__":
    sys.exit(main())
