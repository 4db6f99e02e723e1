#!/usr/bin/env python3
"""Two gomoku-match runs of one opponent on the same openings, compared game by game.

    tools/match/paired.py RUN_A.txt RUN_B.txt [--selftest]

Each file is gomoku-match output of a player of ours (player A, the first
named in its first line, "gomoku-match: A vs B, ...") against the same
opponent on the same openings file, each opening twice with colours
swapped.  A game is known by its opening and by the colour ours played, so
the runs need not list their games in the same order (--threads > 1 does
not).  Prints each run's score over the games both played, how many games
only A won and only B won, and the two-sided sign test's p over those:
the same opening and colour make most games alike, so the games that
differ carry the comparison, and far fewer of them decide it than a
separate interval for each run would need (docs/strength.md).  A game
lost on time without a move ("gave no move": a brain that did not start
in time on a loaded machine) says nothing about play and is left out.
"""
import math
import re
import sys

GAME = re.compile(r"^game\s+\d+\s+opening\s+(\d+)\s+\[[^]]*\]\s+black (\S+)\s+white (\S+)\s+(1-0|0-1|1/2)")
HEAD = re.compile(r"^gomoku-match: (\S+) vs (\S+),")


def read_run(lines):
    """Returns (player A's name, {(opening, black name): result for black})."""
    first, games = None, {}
    for line in lines:
        m = HEAD.match(line)
        if m and first is None:
            first = m.group(1)
        m = GAME.match(line)
        if m and "gave no move" not in line:
            opening, black, _white, res = m.groups()
            games[(int(opening), black)] = {"1-0": 1.0, "0-1": 0.0, "1/2": 0.5}[res]
    return first, games


def ours_score(games, ours):
    """{(opening, ours played black)}: ours' score, for the games with ours in them."""
    out = {}
    for (opening, black), r in games.items():
        out[(opening, black == ours)] = r if black == ours else 1.0 - r
    return out


def sign_test(a, b):
    """Two-sided p of a games won only by one side and b only by the other."""
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    p = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * p)


def compare(lines_a, lines_b):
    """Returns the report's lines."""
    name_a, ga = read_run(lines_a)
    name_b, gb = read_run(lines_b)
    sa = ours_score(ga, name_a)
    sb = ours_score(gb, name_b)
    keys = sorted(set(sa) & set(sb))
    if not keys:
        return ["no game is in both runs (same openings file, same player names?)"]
    only_a = sum(1 for k in keys if sa[k] > sb[k])
    only_b = sum(1 for k in keys if sb[k] > sa[k])
    ta, tb = sum(sa[k] for k in keys), sum(sb[k] for k in keys)
    n = len(keys)
    return [
        f"{n} games in both runs",
        f"A {name_a}: {ta:g} points, {100 * ta / n:.1f} %",
        f"B {name_b}: {tb:g} points, {100 * tb / n:.1f} %",
        f"better only in A: {only_a}, only in B: {only_b}; sign test p = {sign_test(only_a, only_b):.3f}",
    ]


def selftest():
    """Two small runs: ours wins 1 of 4 in A and 3 of 4 in B."""
    a = ["gomoku-match: nodes:1000,10=1 vs pbrain:R, 15x15 freestyle k=5, 4 games",
         "game   1  opening   0 [h8]  black nodes:1000,10=1  white pbrain:R  1-0  9 moves",
         "game   2  opening   0 [h8]  black pbrain:R  white nodes:1000,10=1  1-0  9 moves",
         "game   3  opening   1 [h9]  black nodes:1000,10=1  white pbrain:R  0-1  9 moves",
         "game   4  opening   1 [h9]  black pbrain:R  white nodes:1000,10=1  1-0  9 moves"]
    b = ["gomoku-match: nodes:1000 vs pbrain:R, 15x15 freestyle k=5, 4 games",
         "game   2  opening   0 [h8]  black pbrain:R  white nodes:1000  0-1  9 moves",
         "game   1  opening   0 [h8]  black nodes:1000  white pbrain:R  1-0  9 moves",
         "game   3  opening   1 [h9]  black nodes:1000  white pbrain:R  1-0  9 moves",
         "game   4  opening   1 [h9]  black pbrain:R  white nodes:1000  1/2  9 moves",
         "game   5  opening   2 [h7]  black nodes:1000  white pbrain:R  1-0  3 moves"
         "  (white gave no move (pbrain:R: timed out))"]
    a.append("game   5  opening   2 [h7]  black nodes:1000,10=1  white pbrain:R  0-1  9 moves")
    out = compare(a, b)
    assert out[0] == "4 games in both runs", out
    assert out[1].endswith("1 points, 25.0 %"), out
    assert out[2].endswith("3.5 points, 87.5 %"), out
    assert "only in A: 0, only in B: 3" in out[3], out
    assert abs(sign_test(0, 3) - 0.25) < 1e-12 and sign_test(5, 5) == 1.0
    print("paired.py selftest: ok")


def main():
    if "--selftest" in sys.argv:
        selftest()
        return 0
    files = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(files) != 2:
        sys.stderr.write(__doc__)
        return 2
    with open(files[0]) as fa, open(files[1]) as fb:
        print("\n".join(compare(fa.readlines(), fb.readlines())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
