"""The memory a tensor covers in its storage, and whether two such regions overlap: the test the
borrow checker runs between the tensors over one storage (a tensor and its views), so that two
views over disjoint memory may be written at once and overlapping ones may not
(docs/decisions.md, "Views")."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

# np.shares_memory gives up past this many candidate solutions: the regions then count as
# overlapping (safe). The cases views make (a block, a slice of rows or columns, an interleave)
# take a handful.
MAX_WORK = 10_000
# Where the probes of _solve pretend their storage starts: any aligned address will do, since
# numpy compares addresses and never reads them.
_PROBE_BASE = 1 << 40
_TooHard: type[Exception] = getattr(np, "exceptions", np).TooHardError


@dataclass(frozen=True)
class Region:
    """Elements of ``itemsize`` bytes laid out as ``shape`` with byte ``strides`` (never
    negative), the first at byte ``offset`` of the storage."""

    offset: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    itemsize: int

    @classmethod
    def whole(cls, shape: tuple[int, ...], itemsize: int) -> Region:
        """A dense, row-major tensor at the start of its storage."""
        return cls(0, shape, c_strides(shape, itemsize), itemsize)

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def span(self) -> tuple[int, int]:
        """The bytes ``[start, end)`` from the first element's first byte to the last's last
        (empty for a tensor of no element)."""
        if not self.size:
            return self.offset, self.offset
        last = sum((d - 1) * s for d, s in zip(self.shape, self.strides, strict=True))
        return self.offset, self.offset + last + self.itemsize

    def is_contiguous(self) -> bool:
        """Whether the elements lie row-major, back to back (dimensions of size 1 may have any
        stride, as in numpy and torch)."""
        if not self.size:
            return True
        dense = c_strides(self.shape, self.itemsize)
        return all(
            d == 1 or s == c for d, s, c in zip(self.shape, self.strides, dense, strict=True)
        )


def c_strides(shape: tuple[int, ...], itemsize: int) -> tuple[int, ...]:
    """Row-major strides in bytes."""
    out: list[int] = []
    step = itemsize
    for d in reversed(shape):
        out.append(step)
        step *= max(d, 1)
    return tuple(reversed(out))


@lru_cache(maxsize=4096)
def overlaps(a: Region, b: Region) -> bool:
    """Whether some byte lies in an element of both. Exact for byte ranges that do not meet,
    for two dense ranges and for strided layouts numpy's solver decides within ``MAX_WORK``;
    otherwise True (unsure counts as overlapping, which is safe)."""
    if not a.size or not b.size:
        return False
    a_start, a_end = a.span()
    b_start, b_end = b.span()
    if a_end <= b_start or b_end <= a_start:
        return False
    if a.is_contiguous() and b.is_contiguous():
        return True
    return _solve(a, b)


class _Probe:
    """An array interface over no memory: the layout of a region, for np.shares_memory."""

    def __init__(self, region: Region) -> None:
        self.__array_interface__: dict[str, Any] = {
            "shape": region.shape,
            "typestr": f"|V{region.itemsize}",
            "data": (_PROBE_BASE + region.offset, True),
            "strides": region.strides,
            "version": 3,
        }


def _solve(a: Region, b: Region) -> bool:
    """numpy's exact test (a bounded Diophantine problem over the two layouts), on arrays that
    only describe the layouts."""
    shares: Any = np.shares_memory  # (numpy's stubs know only max_work -1 and 0)
    try:
        return bool(shares(np.asarray(_Probe(a)), np.asarray(_Probe(b)), max_work=MAX_WORK))
    except _TooHard:
        return True
