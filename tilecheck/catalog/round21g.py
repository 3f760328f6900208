"""Examples of round 21G of issue 17. Double buffering with swapped names whose Pendings also
read a tensor allocated in the launch's argument list: ``copy(back.partition(s),
tr.from_numpy(host))`` and a helper ``load(host, into)`` that uploads ``host`` so are covered
by the name they write (``Hold.cover``), since no name holds the upload's fresh tensor; after
``front, back = back, front`` and ``front_ready = back_ready``, the next load into ``back``
is apart from the Pending still writing ``front``. And Pendings a method stores in each item
of a list of instances by a loop over every item, settled by a comprehension (or a loop)
over every item (``tilecheck.host.item_attributes``). The VALID ones run clean and must
stay silent; the INVALID ones wait the front Pending only after ``front`` is read on the
host, or settle only some items (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_INLINE = """
import numpy as np


def main() -> None:
    batches = [np.full(32, i, np.float32) for i in range(4)]
    front, back = tr.zeros((32,)), tr.zeros((32,))
    front_ready = copy(front.partition((8,)), tr.from_numpy(batches[0])).submit()
    for i in range(len(batches)):
        back_ready = (
            copy(back.partition((8,)), tr.from_numpy(batches[i + 1])).submit()
            if i + 1 < len(batches)
            else None
        ){wait}
        print(front.to_numpy().sum()){mark}{late}
        if back_ready is None:
            break
        front, back = back, front
        front_ready = back_ready
"""

_HELPER = """
import numpy as np


def load(host: np.ndarray, into: tr.Tensor) -> tr.Pending:
    return copy(into.partition((8,)), tr.from_numpy(host)).submit()


def main() -> None:
    batches = [np.full(32, i, np.float32) for i in range(4)]
    front, back = tr.zeros((32,)), tr.zeros((32,))
    front_ready = load(batches[0], front)
    for i in range(len(batches) - 1):
        back_ready = load(batches[i + 1], back){wait}
        print(front.to_numpy().sum()){mark}{late}
        front, back = back, front
        front_ready = back_ready
    front_ready.wait()
"""

_SLOTS = """
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Slot:
    name: str
    buf: tr.Tensor = field(init=False)
    pending: tr.Pending | None = None

    def __post_init__(self) -> None:
        self.buf = tr.zeros((32,))

    def write(self, x: tr.Tensor, a: float) -> None:
        self.pending = scale(self.buf.partition((8,)), a).submit()

    def settle(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None

    def value(self) -> np.ndarray:
        return self.buf.to_numpy(){mark}


def main() -> None:
    x = tr.ones((32,))
    slots = [Slot(f"head{i}") for i in range(4)]
    for i, slot in enumerate(slots):
        slot.write(x, float(i + 1))
{settle}
    values = [s.value() for s in slots]
    print(values)
"""

_WAIT = "\n        front_ready.wait()"
_EARLY = {"wait": _WAIT, "late": ""}
_LATE = {"wait": "", "late": _WAIT}


def _case(shape: str, mark: str = "", **parts: str) -> str:
    out = shape.replace("{mark}", mark)
    for key, text in parts.items():
        out = out.replace("{" + key + "}", text)
    return out


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(_INLINE, **_EARLY),
            "double buffering with swapped names, each load reading a tensor allocated in "
            "its argument list: the next load into `back` while `front`'s Pending is waited",
        ),
        valid(
            _case(_HELPER, **_EARLY),
            "the same through a helper `load(host, into)` that uploads a fresh tensor",
        ),
        valid(
            _case(_SLOTS, settle="    _ = [s.settle() for s in slots]"),
            "a Pending a method stored in each item by a loop over every item, settled by a "
            "comprehension over every item before any item is read",
        ),
        valid(
            _case(_SLOTS, settle="    for s in slots:\n        s.settle()"),
            "the same settled by a loop over every item under another name",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(_INLINE, "  # TC102", **_LATE),
            "the front Pending waited only after `front` is read on the host: the read while its "
            "load writes it",
        ),
        invalid(
            _case(_HELPER, "  # TC102", **_LATE),
            "the same through the helper: `front` read before its load is waited",
        ),
        invalid(
            _case(
                _SLOTS,
                "  # TC102",
                settle='    _ = [s.settle() for s in slots if s.name != "head0"]',
            ),
            "a comprehension that skips an item settles not every item: its buffer is read "
            "while the write is in flight",
        ),
        invalid(
            _case(_SLOTS, "  # TC102", settle="    _ = [s.settle() for s in slots[1:]]"),
            "a comprehension over a slice leaves the first item's write in flight",
        ),
    ),
}
