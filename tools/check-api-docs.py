#!/usr/bin/env python3
"""Checks the API documentation against what the compiler exports.

The compiler's view comes from `swift package dump-symbol-graph --minimum-access-level public`:
for each library module, the top-level public declarations. The document's "Index" section lists
them module by module; this script fails (naming every difference) when the two disagree, when
a module that serves only the tool (TouchScopeSDL, TouchBench) exports anything, or when a
public name starts with an underscore. Then every DocC catalog (Sources/*/*.docc) is converted
with `docc` against its module's symbol graph: a link to a symbol or article that does not exist,
or any other DocC warning, fails the check.

    tools/check-api-docs.py            check (exit 1 on a difference or a DocC warning)
    tools/check-api-docs.py --write    rewrite the Index section from the compiler's view
"""

import glob
import shutil
import tempfile

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "public-api.md")
LIBRARIES = ["TouchSupport", "TouchKit", "TouchSwiftUI", "TouchScenes", "TouchReplay", "TouchReplayTesting", "TouchScopeCapture"]
TOOL_ONLY = ["TouchScopeSDL", "TouchBench"]
HEADING = "## Index"
INTRO = (
    "Every top-level public declaration, module by module, as the compiler exports it\n"
    "(`tools/check-api-docs.py` checks this list in CI; `--write` regenerates it).\n"
)


def symbol_graphs():
    out = subprocess.run(
        ["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"],
        cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("check-api-docs: swift package dump-symbol-graph failed:\n" + out.stderr + out.stdout)
    folder = None
    for line in out.stdout.splitlines():
        if line.startswith("Files written to "):
            folder = line[len("Files written to "):].strip()
    if folder is None or not os.path.isdir(folder):
        sys.exit("check-api-docs: the symbol graph folder was not reported:\n" + out.stdout)
    return folder


def exported(folder, module):
    path = os.path.join(folder, module + ".symbols.json")
    if not os.path.exists(path):
        sys.exit(f"check-api-docs: no symbol graph for {module} in {folder}")
    with open(path) as f:
        symbols = json.load(f)["symbols"]
    top = sorted({s["pathComponents"][0] for s in symbols if len(s["pathComponents"]) == 1})
    underscored = sorted({".".join(s["pathComponents"]) for s in symbols
                          if any(p.startswith("_") for p in s["pathComponents"])})
    return top, underscored, len(symbols)


def render(index):
    lines = [HEADING, "", INTRO]
    for module in LIBRARIES:
        lines.append(f"**{module}**: " + ", ".join(f"`{name}`" for name in index[module]) + ".\n")
    for module in TOOL_ONLY:
        lines.append(f"**{module}**: nothing (`package` access).\n")
    return "\n".join(lines)


def main():
    write = "--write" in sys.argv[1:]
    folder = symbol_graphs()
    problems = []
    index = {}
    for module in LIBRARIES:
        top, underscored, _ = exported(folder, module)
        index[module] = top
        for name in underscored:
            problems.append(f"{module} exports {name}: a name starting with _ is not API and must not be public")
    for module in TOOL_ONLY:
        _, _, count = exported(folder, module)
        if count:
            problems.append(f"{module} exports {count} public symbols; it serves the tool only (use package access)")
    with open(DOC) as f:
        text = f.read()
    start = text.find(HEADING)
    head = text if start < 0 else text[:start]
    expected = head.rstrip("\n") + "\n\n" + render(index)
    if write:
        with open(DOC, "w") as f:
            f.write(expected)
        print(f"check-api-docs: wrote the index of {DOC}")
    elif text != expected:
        documented = {}
        if start >= 0:
            for line in text[start:].splitlines():
                if line.startswith("**") and "**: " in line:
                    module = line[2:line.index("**: ")]
                    documented[module] = {part.strip("`., ") for part in line.split("**: ", 1)[1].split("`, `")}
        for module in LIBRARIES:
            have, want = documented.get(module, set()), set(index[module])
            for name in sorted(want - have):
                problems.append(f"docs/public-api.md: {module} exports {name}, which the index does not list")
            for name in sorted(have - want):
                problems.append(f"docs/public-api.md: the index lists {module}.{name}, which the compiler does not export")
        if not problems:
            problems.append("docs/public-api.md: the index is not in its generated form (run tools/check-api-docs.py --write)")
    problems += docc_warnings(folder)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print("check-api-docs: docs/public-api.md matches what the compiler exports; the DocC catalogs convert without warnings")


def docc_warnings(folder):
    """Converts each catalog against its module's symbol graphs; returns its warnings."""
    docc = shutil.which("docc")
    if docc is None:
        return ["check-api-docs: docc is not on PATH (it ships with the Swift toolchain)"]
    problems = []
    for catalog in sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc"))):
        module = os.path.basename(os.path.dirname(catalog))
        with tempfile.TemporaryDirectory() as work:
            graphs = os.path.join(work, "graphs")
            os.mkdir(graphs)
            for graph in glob.glob(os.path.join(folder, module + ".symbols.json")) + \
                    glob.glob(os.path.join(folder, module + "@*.symbols.json")):
                shutil.copy(graph, graphs)
            out = subprocess.run(
                [docc, "convert", catalog, "--additional-symbol-graph-dir", graphs,
                 "--output-path", os.path.join(work, "out"), "--fallback-display-name", module,
                 "--fallback-bundle-identifier", module],
                capture_output=True, text=True)
            text = out.stdout + out.stderr
            relative = os.path.relpath(catalog, ROOT)
            if out.returncode != 0:
                problems.append(f"{relative}: docc convert failed:\n{text}")
            for line in text.splitlines():
                if "warning:" in line or "error:" in line:
                    problems.append(f"{relative}: {line.strip()}")
    return problems


if __name__ == "__main__":
    main()
