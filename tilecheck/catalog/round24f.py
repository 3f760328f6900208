"""Examples of round 24F of issue 17: a launch's keyword arguments spread from a dict display
(``copy(**kw)`` with ``kw = {"z": buf.partition(...), "x": buf}`` passes ``buf`` twice: TC101;
a submit through it followed by a read of the output before the wait: TC102, no longer a false
TC104 for a partition the launch never seemed to take), and a pair of tensors chosen by a
conditional expression (``dst, src = (h, h) if in_place else (tmp, h)``: on the ``in_place``
way both are ``h``, TC101 at the launch, as for ``w = z if inplace else x``), and a dict
attribute of new tensors (``self.bufs = {n: tr.ones(...) for n in names}``) indexed by one key
twice in a launch (TC101; another key's item stays apart). The VALID ones
run clean and must stay silent; the INVALID ones are real errors (the interpreter raises)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_SPREAD = """
from typing import Any


def main() -> None:
    buf, src = tr.zeros((32,)), tr.ones((32,))
    kw{annotation} = {{"z": buf.partition((8,)), "x": {source}}}
    copy(**kw).sync(){mark}
    print(src.to_numpy()[0])
"""

_SPREAD_SUBMIT = """

def main() -> None:
    out, src = tr.zeros((32,)), tr.ones((32,))
    for _ in range(2):
        opts = {{"x": src, "z": out.partition((8,))}}
        pending = copy(**opts).submit()
        {body}
"""

_PICK = """

def step(h: Tensor[f32], tmp: Tensor[f32], in_place: bool) -> None:
    dst, src = {choice}
    copy(dst.partition((8,)), src).sync(){mark}


def main() -> None:
    step(tr.ones((32,)), tr.zeros((32,)), {flag})
"""


_BANK = """

class Bank:
    def __init__(self) -> None:
        self.bufs = {{name: tr.ones((32,)) for name in ("a", "b")}}

    def bump(self, key: str) -> None:
        copy(self.bufs[key].partition((8,)), self.bufs[{source}]).sync(){mark}


def main() -> None:
    Bank().bump("b")
"""


def _spread(source: str, mark: str = "", annotation: str = "") -> str:
    return _SPREAD.format(source=source, mark=mark, annotation=annotation)


def _pick(choice: str, flag: str, mark: str = "") -> str:
    return _PICK.format(choice=choice, flag=flag, mark=mark)


VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        valid(
            _spread("src", annotation=": dict[str, Any]"),
            "a launch's keywords spread from a dict display: two tensors (annotated, as mypy "
            "wants a dict of mixed values)",
        ),
        valid(
            _BANK.format(source='"a"', mark=""),
            "a dict attribute of new tensors: the item a key selects and another key's",
        ),
        valid(
            _pick("(tmp, h) if in_place else (h, tmp)", "True"),
            "two tensors swapped by a conditional expression: never the same one twice",
        ),
    ),
    "TC104": (
        valid(
            _SPREAD_SUBMIT.format(body="pending.wait()\n        print(out.to_numpy()[0])"),
            "the partition in a spread dict is the launch's: the output read after the wait",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        invalid(
            _spread("buf", "  # TC101"),
            "a dict of keyword arguments passes the partitioned tensor again as the input",
            typed=False,  # ``**`` of a dict: beyond the mypy plugin's types
        ),
        invalid(
            _BANK.format(source="key", mark="  # TC101"),
            "a dict attribute of new tensors indexed twice by one key in one launch",
            typed=False,  # items of a dict attribute: beyond the mypy plugin's types
        ),
        invalid(
            _pick("(h, h) if in_place else (tmp, h)", "True", "  # TC101"),
            "a destination chosen by a flag is the source on the flag's way",
            typed=False,  # which way a flag goes: beyond the mypy plugin's types
        ),
    ),
    "TC102": (
        invalid(
            _SPREAD_SUBMIT.format(body="print(out.to_numpy()[0])  # TC102\n        pending.wait()"),
            "the output of a launch made through a spread dict read before the wait",
            typed=False,  # ``**`` of a dict: beyond the mypy plugin's types
        ),
    ),
}
