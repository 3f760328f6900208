"""The interpreter as the oracle of the third fresh held-out set: run every program and check
that it does what its marks say.

A violating program (one `# expect: TCxxx`) must raise at its marked line (the innermost frame
of the program's own file in the traceback) or, for TC105 and TC108, emit UnrunOpWarnings that
all name the marked line ("created at FILE:LINE" / "submitted at FILE:LINE") and no other. A
correct program must run with no exception and no warning from tilert. Each program runs twice,
with the C launch path and with `TILERT_PURE_PYTHON=1`, one process at a time.

Usage:
    python benchmarks/checker_eval_fresh3/check_oracle.py            # every program
    python benchmarks/checker_eval_fresh3/check_oracle.py p013 p088  # names containing these
    python benchmarks/checker_eval_fresh3/check_oracle.py -v p013    # what each run did
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
ROOT = HERE.parent.parent
EXPECT = re.compile(r"#\s*expect:\s*(TC\d{3})")
WARNED = {"TC105", "TC108"}
TAG = "@@RUN@@"


@dataclass
class Program:
    path: Path
    marks: list[tuple[int, str]] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.path.stem


@dataclass
class Run:
    """What one process of a program did: its exception's line in the program, its warnings."""

    error: str | None
    error_line: int | None
    warned_lines: list[int]
    warnings: list[str]
    other: str = ""


def load(names: list[str]) -> list[Program]:
    programs = []
    for path in sorted(PROGRAMS.glob("p*.py")):
        if names and not any(n in path.stem for n in names):
            continue
        prog = Program(path)
        for number, text in enumerate(path.read_text().splitlines(), start=1):
            m = EXPECT.search(text)
            if m:
                prog.marks.append((number, m.group(1)))
        programs.append(prog)
    return programs


def run_one(path: str) -> None:
    """Child process: run the program, print what happened as one tagged JSON line."""
    import gc
    import runpy
    import traceback
    import warnings

    sys.path.insert(0, str(Path(path).parent))
    seen: list[tuple[str, str]] = []

    def record(message: Warning | str, category: type[Warning], *_: object, **__: object) -> None:
        if category.__module__.startswith("tilert"):
            seen.append((category.__name__, str(message)))

    warnings.simplefilter("always")
    warnings.showwarning = record
    error = None
    error_line = None
    try:
        result = runpy.run_path(path, run_name="__main__")
        result.clear()
        del result
    except BaseException as exc:  # the program's own failure is the measurement
        error = f"{type(exc).__name__}: {exc}"
        for frame, line in traceback.walk_tb(exc.__traceback__):
            if os.path.realpath(frame.f_code.co_filename) == os.path.realpath(path):
                error_line = line
        del exc
    gc.collect()
    gc.collect()
    base = re.escape(Path(path).name)
    lines = []
    for _, message in seen:
        m = re.search(rf"(?:created|submitted) at {base}:(\d+)", message)
        lines.append(int(m.group(1)) if m else -1)
    report = {
        "error": error,
        "error_line": error_line,
        "warned_lines": lines,
        "warnings": [f"{c}: {m}" for c, m in seen],
    }
    print(TAG + json.dumps(report), flush=True)


def execute(prog: Program, pure: bool) -> Run:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (
        os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else ""
    )
    env.pop("TILERT_PURE_PYTHON", None)
    if pure:
        env["TILERT_PURE_PYTHON"] = "1"
    env.setdefault("TILERT_BACKEND", "interpret")
    try:
        proc = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--run-one", str(prog.path)],
            capture_output=True,
            text=True,
            cwd=str(PROGRAMS),
            env=env,
            timeout=300,
        )
    except subprocess.TimeoutExpired:
        return Run("timeout", None, [], [])
    for text in proc.stdout.splitlines():
        if text.startswith(TAG):
            data = json.loads(text[len(TAG) :])
            return Run(data["error"], data["error_line"], data["warned_lines"], data["warnings"])
    return Run("no report", None, [], [], other=proc.stderr[-2000:])


def verdict(prog: Program, run: Run) -> str | None:
    """None when the run agrees with the marks, else why not."""
    if len(prog.marks) > 1:
        return f"{len(prog.marks)} marks: a program has one violation"
    if not prog.marks:
        if run.error:
            return f"correct program raised at line {run.error_line}: {run.error[:160]}"
        if run.warnings:
            return f"correct program warned: {run.warnings[0][:160]}"
        return None
    line, code = prog.marks[0]
    if code in WARNED:
        if run.error:
            return f"raised at line {run.error_line} (expected a warning): {run.error[:160]}"
        if not run.warned_lines:
            return "no warning"
        if any(w != line for w in run.warned_lines):
            return f"warned at {sorted(set(run.warned_lines))}, marked {line}"
        return None
    if not run.error:
        return "did not raise" + (f" (warned at {run.warned_lines})" if run.warned_lines else "")
    if run.error_line != line:
        return f"raised at line {run.error_line}, marked {line}: {run.error[:160]}"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run-one", help=argparse.SUPPRESS)
    parser.add_argument("-v", "--verbose", action="store_true", help="print each run's outcome")
    parser.add_argument("names", nargs="*", help="programs (substrings of their file names)")
    args = parser.parse_args()
    if args.run_one:
        run_one(args.run_one)
        return 0
    programs = load(args.names)
    bad = 0
    counts: dict[str, int] = {}
    for prog in programs:
        problems = []
        for pure in (False, True):
            run = execute(prog, pure)
            why = verdict(prog, run)
            mode = "pure" if pure else "fast"
            if why:
                problems.append(f"{mode}: {why}{' ' + run.other if run.other else ''}")
            if args.verbose:
                print(f"  {prog.name} [{mode}] error={run.error!r} at {run.error_line}")
                for w in run.warnings:
                    print(f"    warning: {w[:200]}")
        code = prog.marks[0][1] if prog.marks else "ok"
        counts[code] = counts.get(code, 0) + 1
        mark = f"{code}@{prog.marks[0][0]}" if prog.marks else "-"
        status = "ok " if not problems else "BAD"
        bad += bool(problems)
        print(f"{status} {prog.name:<44} {mark:<10} {'; '.join(problems)}", flush=True)
    summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    print(f"{len(programs)} programs ({summary}); {bad} disagree with their marks")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
