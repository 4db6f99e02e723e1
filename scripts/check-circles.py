#!/usr/bin/env python3
"""No import circles: the modules of src/ include each other one way.

A module is a .c file and its same-named .h (src/core/record.c and
record.h are the module core/record).  A header without a .c of its own
(a private header such as record_internal.h, or ai_tune.h) counts as every
module whose .c, beside it, defines something it declares, or as a module
of its own when none does (attr.h: macros only).  So record_internal.h,
all of whose functions record.c defines, is part of core/record, and a .c
that calls into record through it depends on record; a private header
declaring functions of two .c files makes each of them depend on the
other, and is a circle between them.

There is an edge A -> B when A.c or A.h includes B.h (a private header's
own includes are edges of the modules it belongs to); an include is looked
for beside the file, then from src/ and from src/app, where the app's
headers are named from.  A circle is a set of modules that reach each
other along the edges (a strongly connected component of more than one
module); the check fails and lists every circle with the include lines
that close it.

Allowed for now (the integrator tightens these lists):
  ALLOWED_MODULES  modules left out of the graph altogether: two that
                   still close a circle, app_frame (with app.c) and
                   scenes/scene (with ctx.c);
  ALLOWED_PRIVATE  private headers that make no edge, neither by what they
                   include nor by being included: the shell's
                   app_internal.h (app.c and app_frame.c, one loop), the
                   session's, which issue 29 lets stay, and the engine's
                   (ai_internal.h: ai.c, ai_pvs.c, ai_root.c and ai_smp.c
                   are one search in four files, as the session's files
                   are one session).

usage: check-circles.py [--edges] [ROOT]
  --edges  print the graph too, one "module -> module" a line
  ROOT     the tree to check (default: the one this script is in)
"""
import fnmatch
import os
import re
import sys

_ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
ROOT = os.path.abspath(_ARGS[0]) if _ARGS else os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "src")
# Where a header is looked for after the including file's own folder.
SEARCH = [SRC, os.path.join(SRC, "app")]

ALLOWED_MODULES = [
    # Left: app.c <-> app_frame.c (the frame code takes the App it was cut
    # from) and ctx.c <-> scenes/scene.c (the context starts the scene
    # stack that takes it); the views' circles are gone.
    "app/app_frame",
    "app/scenes/scene",
]
ALLOWED_PRIVATE = [
    "app/app_internal.h",
    "session/session_internal.h",
    "ai/ai_internal.h",
]

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]')
# A parameter list: one level of parentheses inside (a function pointer).
ARGS = r"\((?:[^;{}()]|\([^;{}()]*\))*\)"
DECLARED = re.compile(r"\b([A-Za-z_]\w*)\s*" + ARGS + r"\s*;")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as fh:
        return fh.read()


def defines(c_text, name):
    """True when the text of a .c file defines the function name (a
    definition starts its line, as clang-format leaves it; a call does not)."""
    before = r"(?:[A-Za-z_](?:[\w \t*]|\([^()\n]*\))*[ \t*])?"  # GOMOKU_PRINTF(2, 3) void
    pattern = r"^" + before + re.escape(name) + r"\s*" + ARGS + r"\s*\{"
    return re.search(pattern, c_text, re.M) is not None


def modules_of(rel):
    """The modules a file named from src/ belongs to (see the top)."""
    stem = os.path.splitext(rel)[0]
    if rel.endswith(".c") or os.path.isfile(os.path.join(SRC, stem + ".c")):
        return [stem]
    names = set(DECLARED.findall(COMMENT.sub("", read(os.path.join(SRC, rel)))))
    folder = os.path.join(SRC, os.path.dirname(rel))
    owners = []
    for f in sorted(os.listdir(folder)):
        if f.endswith(".c"):
            text = COMMENT.sub("", read(os.path.join(folder, f)))
            if any(defines(text, n) for n in names):
                owners.append(os.path.join(os.path.dirname(rel), f[:-2]))
    return owners or [stem]


def allowed(module):
    return any(fnmatch.fnmatchcase(module, pat) for pat in ALLOWED_MODULES)


def resolve(including, name, quoted):
    """The file under src/ an include names (relative to src/), or None."""
    dirs = ([os.path.dirname(including)] if quoted else []) + SEARCH
    for d in dirs:
        path = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(path) and path.startswith(SRC + os.sep):
            return os.path.relpath(path, SRC)
    return None


def build_graph():
    """{module: {module it includes: [(file, line, text), ...]}}"""
    graph = {}
    owners = {}
    for dirpath, _, files in os.walk(SRC):
        for f in sorted(files):
            if not f.endswith((".c", ".h")):
                continue
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, SRC)
            mods = [m for m in modules_of(rel) if not allowed(m)]
            for src_mod in mods:
                graph.setdefault(src_mod, {})
            if rel in ALLOWED_PRIVATE:
                continue  # neither its includes nor including it make an edge
            for lineno, line in enumerate(read(path).splitlines(), 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = resolve(path, m.group(2), m.group(1) == '"')
                if target is None or target in ALLOWED_PRIVATE:
                    continue
                if target not in owners:
                    owners[target] = modules_of(target)
                for dst_mod in owners[target]:
                    for src_mod in mods:
                        if dst_mod == src_mod or allowed(dst_mod):
                            continue
                        graph[src_mod].setdefault(dst_mod, []).append(
                            ("src/" + rel, lineno, line.strip()))
    return graph


def circles(graph):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        # Iterative, so a deep graph cannot reach Python's recursion limit.
        work = [(v, iter(sorted(graph.get(v, {}))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, {})))))
                    advanced = True
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def one_cycle(graph, comp):
    """A shortest way round the circle from its first module back to it."""
    members = set(comp)
    start = comp[0]
    prev = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph.get(v, {})):
                if w not in members:
                    continue
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(prev[path[-1]])
                    return list(reversed(path)) + [start]
                if w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    return [start]


def main():
    graph = build_graph()
    if "--edges" in sys.argv[1:]:
        for a in sorted(graph):
            for b in sorted(graph[a]):
                print(f"{a} -> {b}")
    found = circles(graph)
    for comp in found:
        print(f"error: import circle among {', '.join(comp)}:", file=sys.stderr)
        cycle = one_cycle(graph, comp)
        for a, b in zip(cycle, cycle[1:]):
            f, line, text = graph[a][b][0]
            print(f"  {a} -> {b}   ({f}:{line}: {text})", file=sys.stderr)
    if found:
        print(f"error: {len(found)} import circle(s); make the dependencies run one way "
              "(scripts/check-circles.py says what counts)", file=sys.stderr)
        return 1
    print(f"circles ok: the {len(graph)} modules of src/ include each other one way "
          f"(left out for now: {' '.join(ALLOWED_MODULES)}; {' '.join(ALLOWED_PRIVATE)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
