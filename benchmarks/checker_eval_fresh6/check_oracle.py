"""Check every program of this set against the interpreter (the oracle): a violating program
must raise at its marked line (the innermost frame of its own file), or, for TC105 and TC108,
exit cleanly with UnrunOpWarnings that all name the marked line; a correct program must exit
cleanly with no warning. Each program runs twice: the C fast path and TILERT_PURE_PYTHON=1.

Usage:
    python benchmarks/checker_eval_fresh6/check_oracle.py            # all programs
    python benchmarks/checker_eval_fresh6/check_oracle.py p013 p088  # names containing these
    python benchmarks/checker_eval_fresh6/check_oracle.py -v p013    # each run's stderr tail
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
MARK = re.compile(r"#\s*expect:\s*(TC\d{3})")
ALSO = re.compile(r"#\s*expect-also\b")
WARNED = ("TC105", "TC108")
RAISED = ("BorrowError", "RuntimeError", "TypeError")


@dataclass(frozen=True)
class Program:
    path: Path
    code: str | None  # the expected code, None for a correct program
    line: int  # the marked line (0 for a correct program)


def load(path: Path) -> Program:
    marks = [
        (n, m.group(1))
        for n, text in enumerate(path.read_text().splitlines(), start=1)
        if (m := MARK.search(text))
    ]
    if len(marks) > 1:
        raise SystemExit(f"{path.name}: more than one `# expect:` mark")
    if not marks:
        return Program(path, None, 0)
    return Program(path, marks[0][1], marks[0][0])


def run(prog: Program, pure: bool) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env.pop("TILERT_PURE_PYTHON", None)
    if pure:
        env["TILERT_PURE_PYTHON"] = "1"
    return subprocess.run(
        [sys.executable, "-W", "always", str(prog.path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(prog.path.parent),
        timeout=120,
    )


def innermost_line(stderr: str, name: str) -> int | None:
    """The line of the last frame in the program's own file, in the last traceback."""
    last = stderr.rfind("Traceback (most recent call last):")
    if last < 0:
        return None
    frames = re.findall(r'File "([^"]+)", line (\d+)', stderr[last:])
    lines = [int(n) for f, n in frames if Path(f).name == name]
    return lines[-1] if lines else None


def exception_line(stderr: str) -> str:
    """The `Type: message` line ending the last traceback (warnings at exit may follow it)."""
    last = stderr.rfind("Traceback (most recent call last):")
    if last < 0:
        return ""
    for text in stderr[last:].splitlines()[1:]:
        if text and not text[0].isspace():
            return text
    return ""


def judge(prog: Program, proc: subprocess.CompletedProcess[str]) -> str | None:
    """None when the run agrees with the mark, else why not."""
    name = prog.path.name
    err = proc.stderr
    warned = re.findall(rf"UnrunOpWarning: .*? at {re.escape(name)}:(\d+)", err)
    if prog.code is None:
        if proc.returncode != 0:
            return f"correct program failed: {err.strip().splitlines()[-1:]}"
        if "Warning" in err:
            return f"correct program warned: {err.strip().splitlines()[:1]}"
        return None
    if prog.code in WARNED:
        if proc.returncode != 0:
            return f"expected a warning, it failed: {err.strip().splitlines()[-1:]}"
        if not warned:
            return "expected an UnrunOpWarning, none"
        wrong = sorted({int(n) for n in warned} - {prog.line})
        return f"warnings name lines {wrong}, marked {prog.line}" if wrong else None
    if proc.returncode == 0:
        return "expected an error, it ran cleanly"
    last = exception_line(err)
    if not any(kind in last.split(":")[0] for kind in RAISED):
        return f"unexpected exception: {last[:120]}"
    line = innermost_line(err, name)
    if line != prog.line:
        return f"raised at line {line}, marked {prog.line}: {last[:100]}"
    return None


def main(here: Path = HERE, glob: str = "p[0-9]*.py") -> int:
    """Judge the programs of the set in ``here`` (this one's by default; a later set's
    check_oracle.py passes its own folder, and its file names where they differ)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="print each run's stderr")
    parser.add_argument(
        "--mode", choices=("both", "fast", "pure"), default="both", help="which launch paths"
    )
    parser.add_argument("names", nargs="*", help="programs (substrings of their file names)")
    args = parser.parse_args()
    paths = sorted((here / "programs").glob(glob))
    progs = [load(p) for p in paths if not args.names or any(n in p.name for n in args.names)]
    bad = 0
    for prog in progs:
        verdicts = []
        modes = {"both": (False, True), "fast": (False,), "pure": (True,)}[args.mode]
        for pure in modes:
            proc = run(prog, pure)
            verdicts.append(judge(prog, proc))
            if args.verbose:
                print(f"--- {prog.path.name} pure={pure} rc={proc.returncode}")
                print("\n".join(proc.stderr.strip().splitlines()[-6:]))
        problems = [
            f"{'pure' if pure else 'fast'}: {v}"
            for pure, v in zip(modes, verdicts, strict=True)
            if v
        ]
        bad += bool(problems)
        mark = f"{prog.code}@{prog.line}" if prog.code else "-"
        status = "BAD" if problems else "ok "
        print(f"{status} {prog.path.name:<44} {mark:<10} {'; '.join(problems)}", flush=True)
    violating = sum(p.code is not None for p in progs)
    print(f"{len(progs)} programs ({violating} violating): {bad} disagree with their marks")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
