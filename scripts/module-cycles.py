#!/usr/bin/env python3
"""The module graph of each crate, and any cycle in it or import through the crate root
(each crate's modules import only downward, by module path).

A module is a file of src/ (lib.rs and main.rs the crate root, mod.rs its directory). It
depends on the modules its code names: `crate::a::b`, `super::x`, and in a file that
declares child modules `child::x`. A parent's re-exports (`pub use child::X`) are its face,
not a dependency, and test modules (from the first `#[cfg(test)]` on) are left out.

    scripts/module-cycles.py [-v] [SRC_DIR...]    # default: every member of the workspace

Prints each cycle with the edges inside it, and each module that imports through the
root; exits 1 if there is one. `-v` prints the whole graph.
"""
import os
import re
import sys


def modules(src):
    found = {}
    for root, _, files in os.walk(src):
        for f in files:
            if f.endswith(".rs"):
                path = os.path.join(root, f)
                parts = os.path.relpath(path, src)[:-3].split(os.sep)
                if parts[-1] in ("mod", "lib", "main"):
                    parts = parts[:-1]
                found[tuple(parts)] = path
    return found


def code_of(text):
    cut = text.find("#[cfg(test)]")
    if cut >= 0:
        text = text[:cut]
    return re.sub(r"//[^\n]*", "", text)


def resolve(path, mods):
    """The module a path names: its longest prefix that is a module."""
    for n in range(len(path), -1, -1):
        if tuple(path[:n]) in mods:
            return tuple(path[:n])
    return ()


def dependencies(mod, text, mods):
    out = set()
    text = code_of(text)
    children = {m[-1] for m in mods if len(m) == len(mod) + 1 and m[: len(mod)] == mod}
    body = re.sub(r"pub(\([a-z]+\))?\s+use\s[^;]*;", "", text)
    for m in re.finditer(r"(?<![:\w])([a-z_][a-z0-9_]*)::", body):
        if m.group(1) in children:
            out.add(mod + (m.group(1),))
    pattern = r"\b((?:crate|super|self)(?:::(?:super|[A-Za-z_][A-Za-z0-9_]*))*)(::\{([^;]*?)\})?"
    for m in re.finditer(pattern, text):
        head = m.group(1).split("::")
        if len(head) == 1 and not m.group(3):
            continue  # `pub(crate)`, `pub(super)`, a bare `self`
        base, i = list(mod), 0
        if head[0] == "crate":
            base, i = [], 1
        elif head[0] == "self":
            i = 1
        while i < len(head) and head[i] == "super":
            base, i = base[:-1], i + 1
        parts = base + head[i:]
        targets = [] if m.group(3) else [parts]
        for item in (m.group(3) or "").split(","):
            item = item.strip().split(" ")[0].split("::")
            if item and re.match(r"^[A-Za-z_]", item[0]) and item[0] != "self":
                targets.append(parts + item)
        for t in targets:
            r = resolve(t, mods)
            if r != mod:
                out.add(r)
    return out


def cycles(graph):
    """Tarjan's strongly connected components of more than one module."""
    index, low, stack, on, found = {}, {}, [], set(), []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(comp)

    for v in graph:
        if v not in index:
            visit(v)
    return found


def main():
    verbose = "-v" in sys.argv
    roots = [a for a in sys.argv[1:] if a != "-v"]
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if not roots:
        # Every member of the workspace (Cargo.toml's `members`).
        manifest = open(os.path.join(here, "Cargo.toml")).read()
        members = re.search(r"^members\s*=\s*\[([^\]]*)\]", manifest, re.M).group(1)
        roots = [os.path.join(here, c, "src") for c in re.findall(r'"([^"]+)"', members)]
    name = lambda m: "::".join(m) or "crate"
    bad = False
    for src in roots:
        mods = modules(src)
        graph = {m: dependencies(m, open(p).read(), mods) for m, p in mods.items()}
        label = os.path.relpath(src, here)
        if verbose:
            for m in sorted(graph):
                print(f"{label}: {name(m)} -> {', '.join(sorted(name(d) for d in graph[m]))}")
        fault = False
        for comp in cycles(graph):
            fault = True
            inside = set(comp)
            print(f"{label}: a cycle of {len(comp)} modules")
            for m in sorted(comp):
                edges = sorted(name(d) for d in graph[m] if d in inside)
                print(f"    {name(m)} -> {', '.join(edges)}")
        # Through the crate root: a module names what the root re-exports (or holds).
        for m in sorted(graph):
            if m and () in graph[m]:
                fault = True
                print(f"{label}: {name(m)} imports through the crate root")
        bad = bad or fault
        if not fault:
            print(f"{label}: {len(mods)} modules, no cycle, none through the root")
    sys.exit(1 if bad else 0)


main()
