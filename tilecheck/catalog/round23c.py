"""Examples of round 23C of issue 17: a method that submits the op an attribute holds and
waits for its Pending (the wait releases the attribute's borrows for the caller, as a
``sync`` does; a read before that wait is TC102), a helper that submits inside a graph
capture (the submit raises: TC111 alone, no Pending left unwaited, no TC108), and whole
rows of a reshaped new tensor (``rows[1]`` of ``t.reshape(2, C)`` is ``t[C:]``: TC101
against a part of ``t`` it meets, silent against one apart). The VALID ones run clean and
must stay silent; the INVALID ones are real errors (the interpreter raises)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_WARMER = """

class Warmer:
    def __init__(self, table: tr.Tensor, src: tr.Tensor) -> None:
        self.table = table
        self.op = copy(table.partition((8,)), src)

    def refresh(self) -> None:
        {body}


def main() -> None:
    w = Warmer(tr.zeros((32,)), tr.ones((32,)))
    w.refresh()
    print(w.table.to_numpy()[0])
"""

_STAGE = """

def stage(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    return copy(dst.partition((8,)), src).submit()  # TC111


def main() -> None:
    a, b = tr.zeros((32,)), tr.ones((32,))
    with tr.graph() as g:
        pending = stage(a, b)
    g.close()
    print(pending)
"""

_ROWS = """

def main() -> None:
    flat = tr.arange(64)
    rows = flat.reshape(2, 32)
    copy(rows[1].partition((8,)), {flat}).sync(){mark}
    buf = tr.zeros((4, 16))
    grid = buf.reshape((2, 32))
    copy(buf[{rows}].partition((2, 8)), grid[1].reshape(2, 16)).sync(){mark}
    print(flat.to_numpy()[0], buf.to_numpy()[0])
"""


def _rows(flat: str, rows: str, mark: str = "") -> str:
    return _ROWS.format(flat=flat, rows=rows, mark=mark)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _WARMER.format(body="pending = self.op.submit()\n        pending.wait()"),
            "a method submits the op an attribute holds and waits: its table is read after",
        ),
        valid(
            _WARMER.format(body="self.op.submit().wait()"),
            "a method submits the op an attribute holds and waits at once",
        ),
    ),
    "TC101": (
        valid(
            _rows("flat[:32]", "0:2"),
            "a row of a reshaped tensor written, the other half of it read: apart",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _WARMER.format(
                body="pending = self.op.submit()\n"
                "        print(self.table.to_numpy()[0])  # TC102\n"
                "        pending.wait()"
            ),
            "a method reads the table its attribute's submitted op writes before the wait",
            typed=False,  # an op kept in an attribute: beyond the mypy plugin's types
        ),
    ),
    "TC111": (
        invalid(
            _STAGE,
            "a helper submits inside the caller's capture: TC111, and no Pending comes of it",
            typed=False,  # a submit inside a function: beyond the mypy plugin's types
        ),
    ),
    "TC101": (
        invalid(
            _rows("flat[16:48]", "2:4", "  # TC101"),
            "a row of a reshaped tensor written while part of the same memory is read",
            typed=False,  # views' regions: beyond the mypy plugin's types
        ),
    ),
}
