"""The oracle for this held-out set: run every program on tilert's CPU interpreter and check
that the runtime agrees with its marks.

A violating program (one `# expect: TCxxx` line) must raise at that line (the innermost frame
of the program's own file in the traceback), or, for TC105/TC108, end with an UnrunOpWarning
whose message names that line ("created at p.py:N", "submitted at p.py:N") and no other.
A correct program (no mark) must run with no exception and no ownership warning.

Each program runs twice, with tilert's C fast path and with TILERT_PURE_PYTHON=1, one process
at a time (the machine is shared).

Usage:
    python benchmarks/checker_eval_fresh2/check_oracle.py            # all programs
    python benchmarks/checker_eval_fresh2/check_oracle.py p004 p017  # names containing these
    python benchmarks/checker_eval_fresh2/check_oracle.py -v         # the detail of each run
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PROGRAMS = HERE / "programs"
EXPECT = re.compile(r"#\s*expect:\s*(TC\d{3})")
EXPECT_ALSO = re.compile(r"#\s*expect-also\b")

# Runs inside the child: the program as __main__, every warning recorded, the exception's
# innermost frame in the program's file, then a collection so that dropped holders warn now.
RUNNER = r"""
import gc, json, os, runpy, sys, traceback, warnings
path = os.path.abspath(sys.argv[1])
sys.argv = [path]
sys.path.insert(0, os.path.dirname(path))
record = {"exception": None, "warnings": []}
def show(message, category, filename, lineno, file=None, line=None):
    record["warnings"].append(
        {"category": category.__name__, "message": str(message), "filename": filename,
         "lineno": lineno})
warnings.showwarning = show
warnings.simplefilter("always")
try:
    runpy.run_path(path, run_name="__main__")
except SystemExit as exc:
    if exc.code not in (None, 0):
        record["exception"] = {"type": "SystemExit", "message": str(exc.code), "line": None}
except BaseException as exc:
    line = None
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        if os.path.abspath(frame.f_code.co_filename) == path:
            line = lineno
    record["exception"] = {"type": type(exc).__name__, "message": str(exc), "line": line}
    del exc
gc.collect()
gc.collect()
print("\n@@ORACLE@@" + json.dumps(record))
"""

NAMED_LINE = re.compile(r"(?:created|submitted|captured) at ([\w.]+):(\d+)")


def marks(path: Path) -> tuple[list[tuple[int, str]], list[int]]:
    expect: list[tuple[int, str]] = []
    also: list[int] = []
    for n, text in enumerate(path.read_text().splitlines(), start=1):
        m = EXPECT.search(text)
        if m:
            expect.append((n, m.group(1)))
        elif EXPECT_ALSO.search(text):
            also.append(n)
    return expect, also


def run_one(path: Path, pure: bool) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if "PYTHONPATH" in env else "")
    env.pop("TILERT_PURE_PYTHON", None)
    if pure:
        env["TILERT_PURE_PYTHON"] = "1"
    env.setdefault("TILERT_BACKEND", "interpret")
    proc = subprocess.run(
        [sys.executable, "-c", RUNNER, str(path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(path.parent),
        timeout=300,
    )
    out = proc.stdout
    if "@@ORACLE@@" not in out:
        return {"crash": proc.stderr[-2000:], "late": []}
    record = json.loads(out.rsplit("@@ORACLE@@", 1)[1])
    # warnings written after the record (interpreter shutdown) still count
    record["late"] = [ln for ln in proc.stderr.splitlines() if "Warning:" in ln]
    return record


def ownership_warnings(record: dict, name: str) -> list[tuple[str, int | None]]:
    """(message, the program line it names) of each UnrunOpWarning or ResourceWarning."""
    found = []
    for w in record["warnings"]:
        if w["category"] not in ("UnrunOpWarning", "ResourceWarning", "RuntimeWarning"):
            continue
        m = NAMED_LINE.search(w["message"])
        line = int(m.group(2)) if m and m.group(1) == name else None
        found.append((w["message"], line))
    for text in record["late"]:
        m = NAMED_LINE.search(text)
        line = int(m.group(2)) if m and m.group(1) == name else None
        found.append((text, line))
    return found


def verdict(path: Path, record: dict) -> tuple[bool, str]:
    expect, _ = marks(path)
    if "crash" in record:
        return False, "runner crashed: " + record["crash"][-300:]
    exc = record["exception"]
    warns = ownership_warnings(record, path.name)
    if not expect:
        if exc:
            where = f"{exc['type']} at {exc['line']}"
            return False, f"correct program raised {where}: {exc['message'][:300]}"
        if warns:
            return False, f"correct program warned: {warns[0][0][:200]}"
        return True, "clean"
    if len(expect) != 1:
        return False, f"{len(expect)} expect marks"
    line, code = expect[0]
    if exc:
        if exc["line"] == line:
            return True, f"{exc['type']} at {line}: {exc['message'][:110]}"
        return False, f"{exc['type']} at {exc['line']}, expected {line}: {exc['message'][:200]}"
    if code not in ("TC105", "TC108"):
        return False, f"expected an exception at {line}, got none (warnings: {len(warns)})"
    lines = {w_line for _, w_line in warns}
    if lines == {line}:
        return True, f"UnrunOpWarning at {line}: {warns[0][0][:110]}"
    return False, f"warnings name lines {sorted(lines, key=str)}, expected {line}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    progs = sorted(PROGRAMS.glob("p[0-9]*.py"))
    if args.names:
        progs = [p for p in progs if any(n in p.name for n in args.names)]
    bad = 0
    codes: collections.Counter[str] = collections.Counter()
    n_correct = 0
    for path in progs:
        expect, _ = marks(path)
        if expect:
            codes[expect[0][1]] += 1
        else:
            n_correct += 1
        results = []
        for pure in (False, True):
            ok, detail = verdict(path, run_one(path, pure))
            results.append((ok, detail))
        ok = all(r[0] for r in results)
        bad += not ok
        mark = ",".join(f"{c}@{n}" for n, c in expect) or "-"
        if not ok or args.verbose:
            for (r_ok, detail), mode in zip(results, ("fast", "pure"), strict=True):
                if not r_ok or args.verbose:
                    state = "ok " if r_ok else "BAD"
                    print(f"{state} {path.name:<44} {mark:<10} [{mode}] {detail}")
        else:
            print(f"ok  {path.name:<44} {mark}")
    print()
    print(f"{len(progs)} programs: {sum(codes.values())} violating, {n_correct} correct")
    print("by code: " + ", ".join(f"{c} {n}" for c, n in sorted(codes.items())))
    print(f"{bad} disagree with their marks (C fast path and TILERT_PURE_PYTHON=1)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
