"""Complete user programs (tests/tilecheck/programs/), checked against their marks: each line
that ends with ``# expect: TCxxx`` must get exactly that finding, and nothing else may be
reported (recall and no false positive). The interpreter is the oracle: each program marked
with a finding raises tilert's BorrowError when it runs, and each unmarked one runs cleanly."""

from __future__ import annotations

import contextlib
import gc
import io
import re
import runpy
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import libcst as cst
import pytest

import tilert as tr
from tilecheck.module_check import check_module
from tilecheck.project import Project

PROGRAMS = Path(__file__).parent / "programs"
FILES = sorted(PROGRAMS.glob("*.py"))
_MARK = re.compile(r"#\s*expect:\s*((?:TC\d{3}[\s,]*)+)$")


def expected(path: Path) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        mark = _MARK.search(line)
        if mark:
            out.extend((code, number) for code in re.findall(r"TC\d{3}", mark.group(1)))
    return sorted(set(out))


def found(path: Path) -> list[tuple[str, int]]:
    module = cst.parse_module(path.read_text())
    diagnostics = check_module(module, path=str(path), project=Project([PROGRAMS]))
    # one mark per line and code: a line may break the rule against two holders at once
    return sorted({(d.code, d.span.line) for d in diagnostics})


def test_the_corpus_has_correct_and_violating_programs() -> None:
    marked = [p for p in FILES if expected(p)]
    assert len(FILES) >= 40 and 15 <= len(marked) <= len(FILES) - 15


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_checker_reports_exactly_the_marked_findings(path: Path) -> None:
    assert found(path) == expected(path)


@contextlib.contextmanager
def _importable() -> Iterator[None]:
    sys.path.insert(0, str(PROGRAMS))
    try:
        yield
    finally:
        sys.path.remove(str(PROGRAMS))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_interpreter_agrees(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The oracle: the runtime refuses exactly the programs the marks say are wrong."""
    monkeypatch.setenv("TILERT_BACKEND", "interpret")
    with _importable(), warnings.catch_warnings():
        warnings.simplefilter("error", tr.UnrunOpWarning)
        with contextlib.redirect_stdout(io.StringIO()):
            if expected(path):
                with pytest.raises(tr.BorrowError) as refused:
                    runpy.run_path(str(path), run_name="__main__")
                warnings.simplefilter("ignore", tr.UnrunOpWarning)  # what the refusal left
                del refused  # (its traceback holds the program's ops)
                gc.collect()
            else:
                runpy.run_path(str(path), run_name="__main__")
