"""The oracle for this set: run every program on tilert's CPU interpreter and check that it
agrees with its marks, with the C fast path and with ``TILERT_PURE_PYTHON=1``.

Each program runs as a user runs it (``python -W always programs/pNNN.py``), one at a time. A
violating program must raise at its marked line (the innermost frame of the program's own file
in the traceback; what it leaves in flight may warn as the interpreter exits) or, for TC105 and
TC108, raise nothing and emit UnrunOpWarnings that all name the marked line (``created at
p.py:LINE`` or ``submitted at p.py:LINE``). A correct program must exit cleanly with no warning.

Usage:
    python benchmarks/checker_eval_fresh4/check_oracle.py            # all programs
    python benchmarks/checker_eval_fresh4/check_oracle.py p013 p088  # names containing these
    python benchmarks/checker_eval_fresh4/check_oracle.py -v p013    # each run's report
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
ROOT = HERE.parent.parent
WARNED = ("TC105", "TC108")
MARK = re.compile(r"#\s*expect:\s*(TC\d{3})")
ALSO = re.compile(r"#\s*expect-also")

FRAME = re.compile(r'^  File "(?P<file>.+)", line (?P<line>\d+)', re.MULTILINE)
WARNING = re.compile(r"(?P<category>\w+Warning): (?P<message>.*?)(?=sys:\d+:|\n|$)")


@dataclass(frozen=True)
class Program:
    """A program of the set and its marks."""

    path: Path
    code: str | None  # the expected code; None for a correct program
    line: int | None  # the marked line
    also: tuple[int, ...]  # the `expect-also` lines


def load(path: Path) -> Program:
    code: str | None = None
    line: int | None = None
    also: list[int] = []
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        if (m := MARK.search(text)) is not None:
            if code is not None:
                raise ValueError(f"{path.name}: more than one `# expect:` mark")
            code, line = m.group(1), number
        elif ALSO.search(text):
            also.append(number)
    return Program(path, code, line, tuple(also))


def run(prog: Program, pure: bool) -> dict[str, Any]:
    """Run the program as a user does (``python -W always prog.py``) and read its stderr: the
    exception's innermost frame in the program's file, and every warning, those printed when
    the interpreter exits (objects left at module level) included."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if "PYTHONPATH" in env else "")
    if pure:
        env["TILERT_PURE_PYTHON"] = "1"
    else:
        env.pop("TILERT_PURE_PYTHON", None)
    done = subprocess.run(
        [sys.executable, "-W", "always", str(prog.path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=PROGRAMS,
        timeout=300,
        check=False,
    )
    report: dict[str, Any] = {"exception": None, "warnings": []}
    err = done.stderr
    if "Traceback (most recent call last):" in err:
        last = err[err.rindex("Traceback (most recent call last):") :]
        lines = [int(m["line"]) for m in FRAME.finditer(last) if m["file"] == str(prog.path)]
        # the exception's line: the first after the frames that is not indented
        raised = next((t for t in last.splitlines()[1:] if t and not t.startswith(" ")), "?")
        report["exception"] = {
            "type": raised.split(":", 1)[0],
            "message": raised[:300],
            "line": lines[-1] if lines else None,
        }
    elif done.returncode != 0:
        report["exception"] = {
            "type": f"exit {done.returncode}",
            "message": err[-300:],
            "line": None,
        }
    report["warnings"] = [
        {"category": m["category"], "message": m["message"]} for m in WARNING.finditer(done.stderr)
    ]
    return report


def named_lines(prog: Program, report: dict[str, Any]) -> set[int]:
    """The program's lines that its warnings name (where an op was made or submitted)."""
    pattern = re.compile(rf"(?:created|submitted) at {re.escape(prog.path.name)}:(\d+)")
    found: set[int] = set()
    for w in report.get("warnings", []):
        found.update(int(n) for n in pattern.findall(w["message"]))
    return found


def verdict(prog: Program, report: dict[str, Any]) -> str | None:
    """None where the run agrees with the marks, else why not."""
    exc = report.get("exception")
    warned = report.get("warnings", [])
    if prog.code is None:
        if exc is not None:
            return f"correct program raised {exc['type']} at line {exc['line']}"
        if warned:
            return f"correct program warned: {warned[0]['message'][:100]}"
        return None
    if prog.code in WARNED:
        if exc is not None:
            return f"raised {exc['type']} at line {exc['line']}, expected a warning"
        if not warned or any(w["category"] != "UnrunOpWarning" for w in warned):
            return f"expected UnrunOpWarnings only, got {[w['category'] for w in warned]}"
        lines = named_lines(prog, report)
        if lines != {prog.line}:
            return f"warnings name lines {sorted(lines)}, marked {prog.line}"
        return None
    if exc is None:
        return "expected an exception, none raised"
    if exc["line"] != prog.line:
        return f"raised {exc['type']} at line {exc['line']}, marked {prog.line}"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("-v", "--verbose", action="store_true", help="show each run's report")
    parser.add_argument("names", nargs="*", help="programs (substrings of their file names)")
    args = parser.parse_args()
    paths = sorted(PROGRAMS.glob("p*.py"))
    if args.names:
        paths = [p for p in paths if any(n in p.name for n in args.names)]
    bad = 0
    counts: dict[str, int] = {}
    for path in paths:
        prog = load(path)
        counts[prog.code or "correct"] = counts.get(prog.code or "correct", 0) + 1
        problems = []
        for pure in (False, True):
            report = run(prog, pure)
            if args.verbose:
                print(f"  {path.name} pure={pure}: {json.dumps(report)[:600]}")
            why = verdict(prog, report)
            if why is not None:
                problems.append(f"{'pure' if pure else 'fast'}: {why}")
        bad += bool(problems)
        mark = f"{prog.code}@{prog.line}" if prog.code else "-"
        status = "ok " if not problems else "BAD"
        print(f"{status} {path.name:<44} {mark:<10} {'; '.join(problems)}")
    summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    print(f"{len(paths)} programs ({summary}): {bad} disagree with their marks")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
