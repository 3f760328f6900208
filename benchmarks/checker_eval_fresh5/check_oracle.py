"""The oracle this set was built with: run every program on tilert's CPU interpreter, with the C
fast path and with `TILERT_PURE_PYTHON=1`, and check that it fails (or warns) exactly at its
marked line, or, unmarked, runs cleanly.

Usage:
    python benchmarks/checker_eval_fresh5/check_oracle.py             # all programs
    python benchmarks/checker_eval_fresh5/check_oracle.py p013 p088   # names containing these
    python benchmarks/checker_eval_fresh5/check_oracle.py -v p013     # each run's report
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PROGRAMS = HERE / "programs"
MARK = re.compile(r"#\s*expect:\s*(TC\d{3})")
ALSO = re.compile(r"#\s*expect-also")
WARNED = re.compile(r"UnrunOpWarning: .*? (?:created|submitted) at (\S+?):(\d+)")
FRAME = re.compile(r'^\s*File "([^"]+)", line (\d+)')
RAISES = ("BorrowError", "RuntimeError", "TypeError")
WARNS = ("TC105", "TC108")


@dataclass(frozen=True)
class Program:
    path: Path
    marks: tuple[tuple[int, str], ...]
    also: tuple[int, ...]


def load(path: Path) -> Program:
    marks, also = [], []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if found := MARK.search(line):
            marks.append((number, found.group(1)))
        if ALSO.search(line):
            also.append(number)
    return Program(path, tuple(marks), tuple(also))


def last_traceback(stderr: str, name: str) -> tuple[int | None, str] | None:
    """The innermost frame of the program's own file in the last traceback, and the error."""
    start = stderr.rfind("Traceback (most recent call last):")
    if start < 0:
        return None
    line_no: int | None = None
    error = ""
    for line in stderr[start:].splitlines()[1:]:
        if found := FRAME.match(line):
            if Path(found.group(1)).name == name:
                line_no = int(found.group(2))
        elif line and not line[0].isspace():
            error = line
            break
    return line_no, error


def judge(prog: Program, rc: int, stderr: str) -> str | None:
    """None when the run agrees with the marks, else why not."""
    name = prog.path.name
    trace = last_traceback(stderr, name)
    warned = [(Path(f).name, int(n)) for f, n in WARNED.findall(stderr)]
    if not prog.marks:
        if rc != 0 or trace is not None:
            return f"correct program failed (rc {rc}): {trace}"
        if "Warning" in stderr:
            return f"correct program warned: {stderr.strip().splitlines()[0]}"
        return None
    if len(prog.marks) != 1:
        return f"{len(prog.marks)} marks, expected exactly one"
    line, code = prog.marks[0]
    if code in WARNS:
        if trace is not None or rc != 0:
            return f"expected a warning, got rc {rc}: {trace}"
        if not warned:
            return "expected an UnrunOpWarning, none came"
        wrong = [w for w in warned if w != (name, line)]
        return f"warnings name other lines: {wrong}" if wrong else None
    if trace is None:
        return f"expected a raise at line {line}, rc {rc}, no traceback"
    at, error = trace
    if at != line:
        return f"raised at line {at}, marked {line}: {error}"
    if not error.split(":")[0].endswith(RAISES):
        return f"unexpected error type: {error}"
    return None


def run(prog: Program, pure: bool) -> tuple[int, str]:
    env = dict(os.environ)
    extra = env.get("PYTHONPATH")
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + extra if extra else "")
    env.pop("TILERT_PURE_PYTHON", None)
    if pure:
        env["TILERT_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-W", "always", str(prog.path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done.returncode, done.stderr


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    names = [a for a in argv if a != "-v"]
    programs = sorted(p for p in PROGRAMS.glob("p*.py"))
    if names:
        programs = [p for p in programs if any(n in p.name for n in names)]
    bad = 0
    counts: dict[str, int] = {}
    for path in programs:
        prog = load(path)
        kind = prog.marks[0][1] if prog.marks else "ok"
        counts[kind] = counts.get(kind, 0) + 1
        problems = []
        for pure in (False, True):
            rc, stderr = run(prog, pure)
            why = judge(prog, rc, stderr)
            if why:
                problems.append(f"{'pure' if pure else 'fast'}: {why}")
            if verbose:
                print(f"--- {path.name} ({'pure' if pure else 'fast'}) rc {rc}\n{stderr}")
        bad += bool(problems)
        print(f"{'BAD' if problems else 'ok '} {path.name:<40} {kind:<6} {'; '.join(problems)}")
    violating = sum(v for k, v in counts.items() if k != "ok")
    summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    print(f"{len(programs)} programs ({violating} violating; {summary}): {bad} disagree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
