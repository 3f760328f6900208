"""Examples of round 30U2 of issue 17 (a record carried from turn to turn): a loop that keeps
the previous turn's output and Pending together, ``prev = (out, pend)``, and waits them at the
next turn through the record (``prev[1].wait()``) or through names taken from it
(``last, pend = prev``). The names taken from the record and read only later in their own
block are dead where the body rebinds the record (``turn_offsets.spent_items``), as two
separate carried names are: the Pending of two turns back is not kept live by a stale name on
the path the flow cannot rule out (the record None past the first turn). The VALID ones run
clean and must stay silent; the INVALID ones are real errors (the interpreter raises at the
marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_RING = """

def halves(t: Tensor[f32]) -> tr.Partition[f32]:
    return t.partition((t.shape[0] // 2,))


ring = [tr.ones((64,), dtype=f32), tr.zeros((64,), dtype=f32), tr.zeros((64,), dtype=f32)]
src = tr.ones((64,), dtype=f32)
carry: tuple[Tensor[f32], tr.Pending] | None = None
seen: list[float] = []
for k in range(5):
    dst = ring[k % 3]
    job = copy(halves(dst), src).submit()
    if carry is not None:
        last_dst, last_job = carry{wait}
        seen.append(float(last_dst.to_numpy()[0])){mark}
    carry = (dst, job)
assert carry is not None
carry[1].wait()
print(seen, carry[0].to_numpy()[0])
"""

_PAIR = """

def pump(steps: int) -> float:
    pair = [tr.zeros((16,), dtype=f32), tr.zeros((16,), dtype=f32)]
    one = tr.ones((16,), dtype=f32)
    held: list[Tensor[f32] | tr.Pending] | None = None
    t = 0
    total = 0.0
    while t < steps:
        buf = pair[t % 2]
        pd = copy(buf.partition((16,)), one).submit()
        if held is not None:
            w = held[1]
            assert isinstance(w, tr.Pending)
            w.wait()
        held = [buf, pd]
        t += 1
    if held is not None:
        last = held[1]
        assert isinstance(last, tr.Pending)
        last.wait()
    return total


print(pump(6))
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _RING.format(wait="\n        last_job.wait()", mark=""),
            "a record `(out, pending)` carried to the next turn over a ring of three, unpacked "
            "and waited there before its output is read",
        ),
        valid(
            _PAIR,
            "a `while` over two buffers keeps `[buf, pending]` as a list and waits its item "
            "taken by name at the next turn",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _RING.format(wait="", mark="  # TC102"),
            "the record is unpacked at the next turn but its Pending never waited: the "
            "previous turn's output is read in flight",
        ),
    ),
}
