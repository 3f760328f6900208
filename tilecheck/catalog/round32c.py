"""Examples of round 32C of issue 17 (integer constants where the program binds them): a name
bound once to an integer expression inside a block of the module (a ``with``, a
``__main__`` guard, a loop) is a constant as a top-level one is, and so is a name a function
binds once in its own body; a function's own binding hides the module's constant of the same
name (``tilecheck.host.local_constants``). The VALID ones run clean and must stay silent; the
INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_IN_BLOCK = """
import contextlib

with contextlib.nullcontext():
    stride = {stride}


def main() -> None:
    signal = tr.ones((32,))
    copy(signal[:16].partition((16,)), signal[stride : stride + 16]).sync(){mark}
    print(signal.to_numpy().sum())
"""

_IN_FUNCTION = """
import contextlib


def main() -> None:
    signal = tr.ones((32,))
    with contextlib.nullcontext():
        stride = {stride}
        end = stride + 16
        copy(signal[:16].partition((16,)), signal[stride:end]).sync(){mark}
    print(signal.to_numpy().sum())
"""

_SHADOWED = """
stride = {outer}


def main() -> None:
    signal = tr.ones((32,))
    stride = {inner}
    copy(signal[:16].partition((16,)), signal[stride : stride + 16]).sync(){mark}
    print(signal.to_numpy().sum())
"""

_PARAMETER = """
width = 8


def smooth(signal: Tensor[f32], width: int) -> None:
    copy(signal[:16].partition((16,)), signal[width : width + 16]).sync()


def main() -> None:
    smooth(tr.ones((32,)), 16)
"""

_MARK = "  # TC101"

VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        valid(
            _IN_BLOCK.format(stride=16, mark=""),
            "a module constant bound in a with block: the two windows are apart",
        ),
        valid(
            _IN_FUNCTION.format(stride=16, mark=""),
            "a function's own constants, bound in a with block: the two windows are apart",
        ),
        valid(
            _SHADOWED.format(outer=8, inner=16, mark=""),
            "the function's stride hides the module's: the windows it names are apart",
        ),
        valid(_PARAMETER, "a parameter hides the module's constant of its name"),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        invalid(
            _IN_BLOCK.format(stride=8, mark=_MARK),
            "a module constant bound in a with block: the window read overlaps the one written",
            typed=False,
        ),
        invalid(
            _IN_FUNCTION.format(stride=8, mark=_MARK),
            "a function's own constants (one from another): the windows overlap",
            typed=False,
        ),
        invalid(
            _SHADOWED.format(outer=16, inner=8, mark=_MARK),
            "the function's stride, not the module's, makes the windows overlap",
            typed=False,
        ),
    ),
}
