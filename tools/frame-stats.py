#!/usr/bin/env python3
"""Frame pacing figures from a log written by `gomoku --frame-stats FILE`.

Each line of the log is one presented frame:
    t_us draw_us present_us moving thinking [hold_us [saves]]
(t_us: when presenting returned, us since the start; draw_us: drawing,
and finishing it when the frame is held; present_us: SDL_RenderPresent,
which with vsync includes waiting for the display; moving: the frame was
drawn because something on screen moves; thinking: the computer was
searching; hold_us: how long a finished frame waited for its deadline;
saves: how many files the game asked to write since the frame before).
An interval is the time from one presented frame to the next; only
intervals between two frames that both moved count (between animations
the game draws nothing on purpose), and with --thinking only those where
the computer thought at both ends.

usage: frame-stats.py [--thinking] [--skip-s S] [--json] LOG...
Prints the number of intervals, their median, 99th percentile and maximum
(ms), the share over 20 ms, and the median and p99 of the time spent
drawing and presenting a frame; when the log says where the game saved, the
intervals across a save (from the frame before it to the frame after it,
moving or not): how many, median and maximum.
"""
import argparse
import json
import sys


def percentile(sorted_values, p):
    """The nearest-rank percentile p (0..100) of an ascending list."""
    if not sorted_values:
        return float("nan")
    rank = max(1, -(-len(sorted_values) * p // 100))  # ceil(n * p / 100)
    return sorted_values[int(rank) - 1]


def read_frames(path):
    frames = []
    with open(path, encoding="ascii") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.split()
            t, draw, present, moving, thinking = fields[:5]
            saves = int(fields[6]) if len(fields) > 6 else -1  # -1: the log does not say
            frames.append((int(t), int(draw), int(present), moving == "1", thinking == "1",
                           saves))
    return frames


def save_intervals(frames, skip_us):
    """The intervals that end at a frame drawn after the game asked to save."""
    return sorted((cur[0] - prev[0]) / 1000.0 for prev, cur in zip(frames, frames[1:])
                  if prev[0] >= skip_us and cur[5] > 0)


def intervals(frames, thinking_only, skip_us):
    out = []
    for prev, cur in zip(frames, frames[1:]):
        if prev[0] < skip_us or not (prev[3] and cur[3]):
            continue
        if thinking_only and not (prev[4] and cur[4]):
            continue
        out.append((cur[0] - prev[0]) / 1000.0)
    return out


def summary(frames, thinking_only, skip_s):
    gaps = sorted(intervals(frames, thinking_only, int(skip_s * 1e6)))
    draw = sorted(f[1] / 1000.0 for f in frames)
    present = sorted(f[2] / 1000.0 for f in frames)
    late = sum(1 for g in gaps if g >= 20.0)
    saves = save_intervals(frames, int(skip_s * 1e6))
    return {
        "save_intervals": len(saves),
        "save_median_ms": percentile(saves, 50),
        "save_max_ms": saves[-1] if saves else float("nan"),
        "frames": len(frames),
        "intervals": len(gaps),
        "median_ms": percentile(gaps, 50),
        "p99_ms": percentile(gaps, 99),
        "max_ms": gaps[-1] if gaps else float("nan"),
        "over_20ms_pct": 100.0 * late / len(gaps) if gaps else float("nan"),
        "draw_median_ms": percentile(draw, 50),
        "draw_p99_ms": percentile(draw, 99),
        "present_median_ms": percentile(present, 50),
        "present_p99_ms": percentile(present, 99),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--thinking", action="store_true",
                    help="count only intervals while the computer searched")
    ap.add_argument("--skip-s", type=float, default=1.0,
                    help="leave out the first S seconds (start-up), default 1")
    ap.add_argument("--json", action="store_true", help="print JSON")
    ap.add_argument("logs", nargs="+")
    args = ap.parse_args()
    status = 0
    for path in args.logs:
        s = summary(read_frames(path), args.thinking, args.skip_s)
        if args.json:
            print(json.dumps({"log": path, **s}))
            continue
        if s["intervals"] == 0:
            print(f"{path}: no intervals between moving frames", file=sys.stderr)
            status = 1
            continue
        print(f"{path}: {s['intervals']} intervals ({s['frames']} frames): "
              f"median {s['median_ms']:.2f} ms, p99 {s['p99_ms']:.2f} ms, "
              f"max {s['max_ms']:.2f} ms, {s['over_20ms_pct']:.2f}% >= 20 ms; "
              f"draw median {s['draw_median_ms']:.2f} / p99 {s['draw_p99_ms']:.2f} ms, "
              f"present median {s['present_median_ms']:.2f} / p99 {s['present_p99_ms']:.2f} ms")
        if s["save_intervals"] > 0:
            print(f"{path}: {s['save_intervals']} intervals across a save: "
                  f"median {s['save_median_ms']:.2f} ms, max {s['save_max_ms']:.2f} ms")
    return status


if __name__ == "__main__":
    sys.exit(main())
