"""Examples of round 26D of issue 17 (facts that hold across loop turns): double buffering whose
names swap each turn (``front, back = back, front``, also through a temporary: the bank read
while the other is written), and a software pipeline keeping one op in flight whose last wait is
``prev and prev.wait()`` (skipped only where ``prev`` is None, so no Pending is left). The
VALID ones run clean and must stay silent; the INVALID ones keep one wait missing, or the read
of the tensor still written, reported (the interpreter raises BorrowError)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid
from tilecheck.catalog.round29d import INVALID as ROUND29D_INVALID
from tilecheck.catalog.round29d import VALID as ROUND29D_VALID
from tilecheck.catalog.round29d2 import INVALID as ROUND29D2_INVALID
from tilecheck.catalog.round29d2 import VALID as ROUND29D2_VALID

_BANKS = """

def main() -> None:
    front = tr.ones((32,))
    back = tr.zeros((32,))
    for _ in range(3):
        pend = copy(back.partition((8,)), front).submit()
        {body}
"""

_TEMP = """

def run(steps: int) -> Tensor[f32]:
    cur = tr.ones((32,))
    nxt = tr.zeros((32,))
    for _ in range(steps):
        p = copy(nxt.partition((8,)), cur).submit()
        {body}
    return cur
"""

_HELPER = """

def load(dst: Tensor[f32], src: Tensor[f32]) -> tr.Pending:
    return copy(dst.partition((8,)), src).submit()


def main() -> None:
    front = tr.ones((32,))
    back = tr.zeros((32,))
    for _ in range(3):
        p = load(back, front)
        print({read}.to_numpy()){mark}
        p.wait()
        front, back = back, front
"""

_PIPELINE = """

def main() -> None:
    src = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(4)]
    prev: tr.Pending | None = None
    for out in outs:
        cur = copy(out.partition((8,)), src).submit()
        {wait}
        prev = cur
    {last}
    print(outs[-1].to_numpy()){mark}
"""

_WAIT = "if prev is not None:\n            prev.wait()"
_AND_WAIT = "prev and prev.wait()"

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _BANKS.format(
                body="print(front.to_numpy())\n        pend.wait()\n"
                "        front, back = back, front"
            ),
            "two banks swapped after the wait: the front one is read while the back is written",
        ),
        valid(
            _TEMP.format(
                body="print(cur.to_numpy())\n        p.wait()\n        tmp = cur\n        "
                "cur = nxt\n        nxt = tmp"
            ),
            "the same swap through a temporary, in a function",
        ),
        valid(
            _HELPER.format(read="front", mark=""),
            "the swapped banks loaded by a helper that reads one and writes the other",
        ),
        valid(
            _PIPELINE.format(wait=_WAIT, last=_AND_WAIT, mark=""),
            "a pipeline keeping one op in flight, the last one waited by `prev and prev.wait()`",
        ),
        valid(
            _PIPELINE.format(wait=_AND_WAIT, last=_AND_WAIT, mark=""),
            "the same pipeline with `prev and prev.wait()` in the loop too",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _BANKS.format(
                body="front, back = back, front\n        print(front.to_numpy())  # TC102\n"
                "        pend.wait()"
            ),
            "the banks swapped before the wait: the new front is the bank still written",
        ),
        invalid(
            _HELPER.format(read="back", mark="  # TC102"),
            "the helper's bank read while the helper's Pending writes it",
            typed=False,
        ),
        invalid(
            _PIPELINE.format(wait=_WAIT, last="", mark="  # TC102"),
            "the last op of the pipeline not waited after the loop",
            typed=False,
        ),
        invalid(
            _PIPELINE.format(wait=_AND_WAIT, last="prev or prev.wait()", mark="  # TC102"),
            "`prev or prev.wait()`: the wait runs only where `prev` is None",
            typed=False,
        ),
    ),
}

# Round 29D's cases (the two-level summary this round left) are listed with this round's.
VALID["TC102"] += ROUND29D_VALID["TC102"] + ROUND29D2_VALID["TC102"]
INVALID["TC102"] += ROUND29D_INVALID["TC102"] + ROUND29D2_INVALID["TC102"]
