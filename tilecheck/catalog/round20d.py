"""Examples of round 20D of issue 17 (double buffering with a Pending per slot of a list of
fixed length, ``tilecheck.host.slot_facts``): the slot about to be reused read and waited
through a name (``w = pends[i % 2]; if w is not None: w.wait()``), the other slot waited
through ``(cur + 1) % 2`` and cleared, the slot just stored waited while the other one is
read. The VALID ones run clean and must stay silent; the INVALID ones wait the wrong slot, or
read the slot just submitted (the interpreter raises at the marked line, where the finding
now lies: before, the same root cause was reported at the next turn's partition)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_REUSED_SLOT = """

def main() -> None:
    slots = [tr.ones((32,)) for _ in range(2)]
    pends: list[tr.Pending | None] = [None, None]
    for i in range(5):
        cur = i % 2
        w = pends[cur]
        if w is not None:
            w.wait()
            print(slots[cur].to_numpy().sum())
        pends[cur] = scale(slots[cur].partition((8,)), 2.0).submit()
    for p in pends:
        if p is not None:
            p.wait()
"""

_OTHER_SLOT = """

def main() -> None:
    slots = [tr.ones((32,)), tr.ones((32,))]
    pending: list[tr.Pending | None] = [None, None]
    for i in range(4):
        cur = i % 2
        p = pending[(cur + 1) % 2]
        if p is not None:
            p.wait()
            pending[(cur + 1) % 2] = None
        pending[cur] = scale(slots[cur].partition((8,)), float(i)).submit()
        if i > 0:
            print(slots[{read}].to_numpy().sum()){mark}
    for p in pending:
        if p is not None:
            p.wait()
"""

_JUST_STORED = """

def main() -> None:
    slots = [tr.ones((32,)) for _ in range(2)]
    pend: list[tr.Pending | None] = [None, None]
    pend[0] = scale(slots[0].partition((8,)), 1.0).submit(){first}
    for i in range(1, 4):
        cur, prev = i % 2, (i - 1) % 2
        pend[cur] = scale(slots[cur].partition((8,)), 2.0).submit()
        waited = pend[cur]
        assert waited is not None
        waited.wait()
        print(slots[prev].to_numpy().sum()){mark}
        pend[prev] = None
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    out = shape.replace("{mark}", mark)
    for key, text in parts.items():
        out = out.replace("{" + key + "}", text)
    return out


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _REUSED_SLOT,
            "ping-pong: the slot about to be reused read into a name and waited where it "
            "holds a Pending (None in the first turns)",
        ),
        valid(
            _case(_OTHER_SLOT, read="(cur + 1) % 2"),
            "the other slot waited through `(cur + 1) % 2` and cleared, then read",
        ),
        valid(
            _case(_JUST_STORED, first="\n    pend[0].wait()"),
            "the prologue's Pending waited; each turn waits the slot it stored, reads the other",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(_OTHER_SLOT, "  # TC102", read="cur"),
            "the slot just submitted read: reported at the read, not at the next partition",
        ),
        invalid(
            _case(_JUST_STORED, "  # TC102", first=""),
            "the slot just stored waited, the other read while the prologue's Pending writes it",
        ),
    ),
}
