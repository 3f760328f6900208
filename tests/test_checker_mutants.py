"""benchmarks/checker_mutants.py's transforms keep a program's meaning: each mutant of a plain
Python script prints what the script prints, and keeps its marks on the statement they name."""

from __future__ import annotations

import contextlib
import io
import runpy
from pathlib import Path
from typing import Any

import libcst as cst
import pytest

TOOL: dict[str, Any] = runpy.run_path(
    str(Path(__file__).resolve().parent.parent / "benchmarks" / "checker_mutants.py"),
    run_name="checker_mutants",
)

SCRIPT = '''"""A script."""
import math

SCALE = 3


def total(xs):
    return sum(x * SCALE for x in xs)


class Box:
    def __init__(self, value):
        self.value = value

    def scaled(self, k):
        return self.value * k


items = [1, 2, 3]
box = Box(total(items))
names = {f"k{i}": i for i in items}
for key, value in names.items():
    print(key, value)
result = box.scaled(2)  # expect: TC102
print(result, math.floor(2.5), [v * SCALE for v in items])
'''
MARK = 24


def _printed(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<script>", "exec"), {"__name__": "__main__"})
    return out.getvalue()


@pytest.mark.parametrize("name", sorted(TOOL["TRANSFORMS"]))
def test_a_mutant_prints_what_the_script_prints(name: str) -> None:
    mutant = TOOL["TRANSFORMS"][name](cst.parse_module(SCRIPT), MARK)
    assert mutant is not None, f"{name} made no mutant of the script"
    assert mutant.code != SCRIPT
    assert _printed(mutant.code) == _printed(SCRIPT)
    marked = [line for line in mutant.code.splitlines() if "# expect: TC102" in line]
    assert len(marked) == 1 and (".scaled(" in marked[0] or "_bound(" in marked[0])


def test_a_name_read_on_the_mark_moves_into_a_cell() -> None:
    mutant = TOOL["TRANSFORMS"]["dict_cell"](cst.parse_module(SCRIPT), MARK)
    assert mutant is not None
    assert "_ns['box'].scaled(2)" in mutant.code or "_ns['result']" in mutant.code


def test_no_mutant_where_the_transform_does_not_apply() -> None:
    module = cst.parse_module('import math\n\nif __name__ == "__main__":\n    print(1)\n')
    assert TOOL["TRANSFORMS"]["main_guard"](module, 0) is None
    assert TOOL["TRANSFORMS"]["helper_call"](module, 0) is None


def test_a_helper_takes_the_variables_the_statement_reads() -> None:
    mutant = TOOL["TRANSFORMS"]["helper_args"](cst.parse_module(SCRIPT), MARK)
    assert mutant is not None
    assert "def _step(box):" in mutant.code and "result = _step(box)" in mutant.code
    method = TOOL["TRANSFORMS"]["method_call"](cst.parse_module(SCRIPT), MARK)
    assert method is not None and "result = _Stage().step(box)" in method.code
    bound = TOOL["TRANSFORMS"]["partial_call"](cst.parse_module(SCRIPT), MARK)
    assert bound is not None and "_bound = functools.partial(box.scaled, 2)" in bound.code
