"""Examples of round 25D of issue 17 (false alarms on rings and pipelines): rows ``(tensor,
Pending)`` stored into a dict by a computed key and taken out by ``for t, p in d.values()`` or
``for k, (t, p) in d.items()`` (each row's Pending writes its own row's tensor: waiting it
releases that tensor), and a ring of Pendings by slot whose reuse is guarded by ``if
pends[slot] is not None: pends[slot].wait()`` (where the slot holds None, the Pending stored
there two turns before is not live). The VALID ones run clean and must stay silent; the
INVALID ones keep the same shapes' real errors reported (the interpreter raises
BorrowError)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_ROWS = """

def main() -> None:
    src = tr.ones((32,))
    staged: dict[str, tuple[Tensor[f32], tr.Pending]] = {{}}
    for name in ("q", "k", "v"):
        out = tr.zeros((32,))
        staged[name] = (out, copy(out.partition((8,)), src).submit())
    for {target} in staged.{walk}():
        {body}
"""

_STEPS = """

def main(n: int) -> None:
    src = tr.ones((32,))
    inflight: dict[int, tuple[Tensor[f32], tr.Pending]] = {{}}
    for step in range(n):
        out = tr.zeros((32,))
        inflight[step] = (out, copy(out.partition((8,)), src).submit())
    for buf, done in inflight.values():
        {body}
"""

_RING = """

def main() -> None:
    inputs = [tr.zeros((32,)), tr.zeros((32,))]
    outs = [tr.zeros((32,)), tr.zeros((32,))]
    pends: list[tr.Pending | None] = [None, None]
    for i in range(5):
        slot = i % 2
        if pends[slot] {test} None:
            {guarded}
        copy(inputs[slot].partition((8,)), tr.ones((32,))).sync(){fill}
        pends[slot] = copy(outs[slot].partition((8,)), inputs[slot]).submit(){mark}
    for p in pends:
        if p is not None:
            p.wait()
"""

_WAIT_READ = "pend.wait()\n        print(buf.to_numpy())"
_READ_WAIT = "print(buf.to_numpy())  # TC102\n        pend.wait()"

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _ROWS.format(target="buf, pend", walk="values", body=_WAIT_READ),
            "rows (tensor, Pending) stored by key, each row's Pending waited before its tensor",
        ),
        valid(
            _ROWS.format(target="name, (buf, pend)", walk="items", body=_WAIT_READ),
            "rows stored by key walked by .items() with a nested unpacking, waited then read",
        ),
        valid(
            _STEPS.format(body="done.wait()\n        print(buf.to_numpy())"),
            "rows stored by a loop counter's key, drained by .values() in order",
        ),
        valid(
            _RING.format(test="is not", guarded="pends[slot].wait()", mark="", fill=""),
            "a ring of two Pendings: the slot's earlier Pending waited where the slot holds one",
        ),
        valid(
            _RING.format(
                test="is",
                guarded="print(slot)\n        else:\n            pends[slot].wait()",
                mark="",
                fill="",
            ),
            "the same ring with the test the other way round, the wait on the else branch",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _ROWS.format(target="buf, pend", walk="values", body=_READ_WAIT),
            "a row's tensor read before its own Pending is waited",
            typed=False,  # rows of a dict: beyond the mypy plugin's types
        ),
        invalid(
            _ROWS.format(target="name, (buf, pend)", walk="items", body=_READ_WAIT),
            "a nested unpacking of the rows, the tensor read before the wait",
            typed=False,
        ),
        invalid(
            _STEPS.format(body="print(buf.to_numpy())  # TC102\n        done.wait()"),
            "rows by a counter's key, each tensor read before its Pending is waited",
            typed=False,
        ),
        invalid(
            _RING.format(test="is not", guarded="print(slot)", mark="  # TC102", fill="  # TC103"),
            "the ring's test without the wait: the slot's Pending of two turns before in flight",
            typed=False,
        ),
    ),
}
