#!/usr/bin/env python3
"""Check that every place that states the version states the same one:
gomoku --version, the menu's About line (compiled into the game), the brain's
ABOUT reply, and the CPack package name and version.  Optionally also the
package files themselves (--package FILE...)."""
import argparse
import os
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--version", required=True, help="the version CMake computed")
    ap.add_argument("--game")
    ap.add_argument("--brain")
    ap.add_argument("--cpack-config")
    ap.add_argument("--package", nargs="*", default=[])
    a = ap.parse_args()
    v = a.version
    bad = []

    if a.game:
        out = subprocess.run([a.game, "--version"], capture_output=True, text=True,
                             timeout=30).stdout.strip()
        if out != f"gomoku {v}":
            bad.append(f"gomoku --version says {out!r}, want 'gomoku {v}'")
        with open(a.game, "rb") as f:
            if f"Gomoku {v}".encode() not in f.read():
                bad.append(f"the menu's About line 'Gomoku {v}' is not in {a.game}")

    if a.brain:
        out = subprocess.run([a.brain], input="ABOUT\nEND\n", capture_output=True, text=True,
                             timeout=30).stdout
        m = re.search(r'version="([^"]*)"', out)
        if not m or m.group(1) != v:
            bad.append(f"pbrain-gomoku ABOUT says {out.strip()!r}, want version=\"{v}\"")

    if a.cpack_config:
        with open(a.cpack_config, encoding="utf-8") as f:
            cfg = f.read()
        for var in ("CPACK_PACKAGE_VERSION", "CPACK_PACKAGE_FILE_NAME"):
            m = re.search(r'set\(%s "([^"]*)"\)' % var, cfg)
            if not m or v not in m.group(1):
                bad.append(f"{var} is {m.group(1) if m else None!r}, does not hold {v}")

    for p in a.package:
        # Debian's file name carries the version as is; others too.
        if v not in os.path.basename(p):
            bad.append(f"package {os.path.basename(p)} does not carry version {v}")

    for b in bad:
        print("FAIL: " + b)
    if bad:
        return 1
    print(f"version {v} agrees everywhere")
    return 0


if __name__ == "__main__":
    sys.exit(main())
