#!/usr/bin/env python3
"""Check what can be checked here of every platform's packaging: the macOS
Info.plist (valid XML, the right keys), the macOS icon set (every size 16..1024
with @2x) and .icns, the Windows .ico, the Linux hicolor icons and the two
.desktop files.  Exit status 0 when all is well; each problem is printed."""
import argparse
import os
import plistlib
import struct
import sys

problems = []


def problem(msg):
    problems.append(msg)
    print("FAIL: " + msg)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def check_plist(path, version, short_version):
    try:
        with open(path, "rb") as f:
            pl = plistlib.load(f)
    except Exception as e:  # noqa: BLE001 - any parse error is the finding
        problem(f"{path}: not a valid plist: {e}")
        return
    want = {
        "CFBundleExecutable": "Gomoku",
        "CFBundleIconFile": "Gomoku.icns",
        "CFBundleName": "Gomoku",
        "CFBundlePackageType": "APPL",
        "CFBundleShortVersionString": short_version,
        "CFBundleVersion": version,
        "NSHighResolutionCapable": True,
    }
    for k, v in want.items():
        if pl.get(k) != v:
            problem(f"Info.plist: {k} is {pl.get(k)!r}, want {v!r}")
    ident = pl.get("CFBundleIdentifier", "")
    if not ident or "$" in ident:
        problem(f"Info.plist: bad CFBundleIdentifier {ident!r}")
    for k, v in pl.items():
        if isinstance(v, str) and "${" in v:
            problem(f"Info.plist: {k} left unsubstituted: {v!r}")


def check_iconset(src):
    d = os.path.join(src, "packaging/macos/Gomoku.iconset")
    for n in (16, 32, 128, 256, 512):
        for scale in (1, 2):
            name = f"icon_{n}x{n}{'@2x' if scale == 2 else ''}.png"
            p = os.path.join(d, name)
            if not os.path.isfile(p):
                problem(f"iconset: {name} missing")
                continue
            if png_size(p) != (n * scale, n * scale):
                problem(f"iconset: {name} is {png_size(p)}, want {n * scale}x{n * scale}")
    icns = os.path.join(src, "packaging/macos/Gomoku.icns")
    with open(icns, "rb") as f:
        data = f.read()
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        problem("Gomoku.icns: bad header")
    else:
        kinds = set()
        off = 8
        while off + 8 <= len(data):
            kind, length = data[off:off + 4], struct.unpack(">I", data[off + 4:off + 8])[0]
            kinds.add(kind.decode("latin-1"))
            if length < 8:
                break
            off += length
        # 16, 32, 128, 256, 512 and 1024 (512@2x) pixels.
        for k in ("is32", "il32", "it32", "ic08", "ic09", "ic10"):
            if k not in kinds:
                problem(f"Gomoku.icns: no {k} element (has {sorted(kinds)})")


def check_ico(src):
    p = os.path.join(src, "packaging/windows/gomoku.ico")
    with open(p, "rb") as f:
        data = f.read()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    if reserved != 0 or kind != 1:
        problem("gomoku.ico: not an icon file")
        return
    sizes = set()
    for i in range(count):
        w, h = data[6 + 16 * i], data[7 + 16 * i]
        sizes.add((w or 256, h or 256))
    for n in (16, 32, 48, 256):
        if (n, n) not in sizes:
            problem(f"gomoku.ico: no {n}x{n} image (has {sorted(sizes)})")


def check_linux(src):
    for n in (16, 24, 32, 48, 64, 128, 256, 512):
        p = os.path.join(src, f"packaging/icons/hicolor/{n}x{n}/apps/gomoku.png")
        if not os.path.isfile(p) or png_size(p) != (n, n):
            problem(f"hicolor icon {n}x{n} missing or wrong size")
    for name in ("gomoku.desktop", "gomoku-portable.desktop"):
        p = os.path.join(src, "packaging/linux", name)
        entries = {}
        with open(p, encoding="utf-8") as f:
            lines = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
        if not lines or lines[0] != "[Desktop Entry]":
            problem(f"{name}: does not start with [Desktop Entry]")
        for l in lines[1:]:
            if "=" not in l:
                problem(f"{name}: bad line {l!r}")
                continue
            k, v = l.split("=", 1)
            entries[k] = v
        for k in ("Type", "Name", "Exec", "Icon", "Categories"):
            if not entries.get(k):
                problem(f"{name}: no {k}")
        if entries.get("Type") != "Application" or "Game;" not in entries.get("Categories", ""):
            problem(f"{name}: not an application in the Game category")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--plist", required=True)
    ap.add_argument("--version", required=True)
    ap.add_argument("--short-version", required=True)
    a = ap.parse_args()
    check_plist(a.plist, a.version, a.short_version)
    check_iconset(a.source)
    check_ico(a.source)
    check_linux(a.source)
    if problems:
        print(f"{len(problems)} packaging problem(s)")
        return 1
    print("packaging files OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
