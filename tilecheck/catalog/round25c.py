"""Examples of round 25C of issue 17 (partials of kernels, graphs launched in their own capture,
arrays given to collectives, views counted from the end): a ``functools.partial`` of a kernel
binding a tensor by keyword, called with a partition of that tensor (TC101) or submitted while
the host writes the bound input (TC103); ``g.launch()`` inside ``g``'s own ``with tr.graph()``
block (TC111); a numpy array given to a collective (TC106); and a launch writing ``x[1:]`` that
reads ``x[:-1]`` of a tensor of known length (TC101). The VALID ones run clean and must stay
silent; the INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.base import invalid as bare_invalid
from tilecheck.catalog.base import valid as bare_valid
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_PARTIAL = """
import functools

import numpy as np


def main() -> None:
    h = tr.ones((32,))
    other = tr.zeros((32,))
    bound = functools.partial(copy, x=h)
    {body}
"""

_CAPTURE = """

def main() -> None:
    x = tr.ones((32,))
    y = tr.zeros((32,))
    with tr.graph() as g:
        g.record(copy(y.partition((8,)), x))
        {inside}
    {after}
    g.close()
"""

_SHIFT = """

def main() -> None:
    x = tr.ones(({n},))
    copy(x[{written}].partition((16,)), x[{read}]).sync(){mark}
"""

_COLLECTIVE = """\
import numpy as np

import tilert as tr
import tilert.distributed as dist


def main() -> None:
    host = np.ones(8, dtype=np.float32)
    dist.init()
    try:
        dist.all_reduce({given}).sync(){mark}
        print(host)
    finally:
        dist.shutdown()
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        valid(
            _case(_PARTIAL, body="bound(other.partition((8,))).sync()\n    print(h.to_numpy()[0])"),
            "a kernel's partial binding one tensor, called to write another",
        ),
        valid(
            _case(_SHIFT, n="64", written="32:", read=":-32"),
            "a launch writing the tail of a tensor and reading its head, counted from the end",
        ),
    ),
    "TC103": (
        valid(
            _case(
                _PARTIAL,
                body="p = bound(other.partition((8,))).submit()\n    p.wait()\n"
                "    h.copy_from(np.zeros(32, dtype=np.float32))",
            ),
            "the input a kernel's partial binds is written after the Pending is waited",
        ),
    ),
    "TC111": (
        valid(
            _case(_CAPTURE, inside="pass", after="g.launch().wait()"),
            "the graph launched after its capture block",
        ),
    ),
    "TC106": (
        bare_valid(
            _case(_COLLECTIVE, given="tr.from_dlpack(host)"),
            "a numpy array wrapped with tr.from_dlpack before the collective",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        invalid(
            _case(_PARTIAL, body="bound(h.partition((8,))).sync()  # TC101"),
            "a kernel's partial binding a tensor by keyword, called with a partition of it",
            typed=False,  # a partial's call: beyond the mypy plugin's types
        ),
        invalid(
            _case(_SHIFT, "  # TC101", n="33", written="1:", read=":-1"),
            "a launch writing x[1:] and reading x[:-1]: overlapping views of one tensor",
            typed=False,  # the mypy plugin does not follow views
        ),
    ),
    "TC103": (
        invalid(
            _case(
                _PARTIAL,
                body="p = bound(other.partition((8,))).submit()\n"
                "    h.copy_from(np.zeros(32, dtype=np.float32))  # TC103\n    p.wait()",
            ),
            "the input a kernel's partial binds is written while the submitted launch reads it",
            typed=False,  # a partial's call: beyond the mypy plugin's types
        ),
    ),
    "TC111": (
        invalid(
            _case(_CAPTURE, inside="g.launch().wait()  # TC111", after="pass"),
            "the graph launched inside its own capture block",
        ),
    ),
    "TC106": (
        bare_invalid(
            _case(_COLLECTIVE, "  # TC106", given="host"),
            "a numpy array given to a collective: it takes a tilert tensor",
            typed=False,
        ),
    ),
}
