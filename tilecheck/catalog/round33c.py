"""Examples of round 33C of issue 17 (a dict's items as cells of their own): a dict of
partitions or Pendings made by a display or by a comprehension over items known one by one
(a constant ``range``, ``enumerate`` of a known list, the module's ``IntEnum`` class) keeps
one cell per key; ``pop`` by a constant key (a literal, an ``IntEnum`` member, the step of a
loop over the same constants) takes that cell out and leaves the others (``d[k]`` and
``d.get(k)`` read that cell alone), ``d[k] = new`` over a held key replaces that cell (the old
item is not joined with the new one), and a walk of ``.items()`` pairs each key with its own
item (an integer key indexes a list as itself). The VALID ones run clean and must stay
silent; the INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_SLOTS = """
from enum import IntEnum


class Slot(IntEnum):
    Q = 0
    K = 1
    V = 2

"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        valid(
            _SLOTS
            + """
def main() -> None:
    bufs = [tr.zeros((32,)) for _ in Slot]
    plans = {slot: bufs[slot].partition((32,)) for slot in Slot}
    for slot in Slot:
        scale(plans.pop(slot), float(slot) + 1.0).sync()
    print([float(bufs[slot].to_numpy()[0]) for slot in Slot])
""",
            "a dict of partitions keyed by an IntEnum, each popped by a loop over the members",
        ),
        valid(
            """

def main() -> None:
    bufs = [tr.zeros((32,)) for _ in range(2)]
    plans = {0: bufs[0].partition((32,)), 1: bufs[1].partition((32,))}
    scale(plans.pop(0), 1.0).sync()
    scale(plans.pop(1), 2.0).sync()
    print(bufs[0].to_numpy(), bufs[1].to_numpy())
""",
            "a dict display of partitions by integer keys, each key popped once",
        ),
        valid(
            _SLOTS
            + """
def main() -> None:
    bufs = [tr.zeros((32,)) for _ in Slot]
    plans = {slot: bufs[slot].partition((32,)) for slot in Slot}
    scale(plans.pop(Slot.Q), 1.0).sync()
    scale(plans[Slot.K], 2.0).sync()
    scale(plans.get(Slot.V), 3.0).sync()
    print([float(bufs[slot].to_numpy()[0]) for slot in Slot])
""",
            "each IntEnum member's partition taken once: by pop, by subscript, by get",
        ),
    ),
    "TC104": (
        valid(
            """

def main() -> None:
    bufs = [tr.zeros((32,)) for _ in range(3)]
    plans = {i: bufs[i].partition((32,)) for i in range(3)}
    for i in range(3):
        scale(plans.pop(i), 2.0).sync()
    print(bufs[2].to_numpy())
""",
            "a dict comprehension of partitions over a range, popped by a loop over that range",
        ),
    ),
    "TC102": (
        valid(
            """

def main() -> None:
    x = tr.ones((16,))
    slots = [tr.zeros((16,)) for _ in range(2)]
    owner = {0: "a", 1: "b"}
    pendings = {s: copy(buf.partition((16,)), x).submit() for s, buf in enumerate(slots)}
    pendings[0].wait()
    harvest = {owner[0]: slots[0].to_numpy().copy()}
    owner[0] = "c"
    pendings[0] = copy(slots[0].partition((16,)), x).submit()
    for s, p in pendings.items():
        p.wait()
        harvest[owner[s]] = slots[s].to_numpy().copy()
    print(harvest)
""",
            "a dict item replaced by a new Pending; the walk of its items waits on each first",
        ),
    ),
    "TC105": (
        valid(
            """

def main() -> None:
    bufs = [tr.zeros((32,)) for _ in range(3)]
    warm = [scale(b.partition((32,)), 0.5) for b in bufs]
    first, second, third = warm
    first.sync()
    second.sync()
    third.sync()
    del warm
    print(bufs[2].to_numpy())
""",
            "every op of a list unpacked and run before the list is deleted",
        ),
    ),
    "TC108": (
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(3)]
    pends = [copy(o.partition((32,)), x).submit() for o in outs]
    a, b, c = pends
    a.wait()
    b.wait()
    kept = [c]
    del pends
    kept[0].wait()
    print(outs[2].to_numpy())
""",
            "a list of Pendings deleted while its last item is kept in another list, waited later",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC104": (
        invalid(
            _SLOTS
            + """
def main() -> None:
    bufs = [tr.zeros((32,)) for _ in Slot]
    plans = {slot: bufs[slot].partition((32,)) for slot in Slot}
    scale(plans.pop(Slot.Q), 1.0).sync()
    scale(plans.pop(Slot.K), 2.0).sync()
    print(bufs[Slot.V].to_numpy())  # TC104
""",
            "two IntEnum members' partitions popped; the third member's buffer read early",
        ),
        invalid(
            """

def main() -> None:
    bufs = [tr.zeros((32,)) for _ in range(2)]
    plans = {0: bufs[0].partition((32,)), 1: bufs[1].partition((32,))}
    scale(plans.pop(0), 1.0).sync()
    print(bufs[1].to_numpy())  # TC104
""",
            "one integer key's partition popped; the other key's buffer read while it lives",
        ),
        invalid(
            """

def main() -> None:
    bufs = [tr.zeros((32,)) for _ in range(3)]
    plans = {i: bufs[i].partition((32,)) for i in range(3)}
    scale(plans.get(0), 1.0).sync()
    scale(plans.get(1), 2.0).sync()
    print(bufs[2].to_numpy())  # TC104
""",
            "two keys' partitions taken by get; the third key's buffer read while it lives",
        ),
    ),
    "TC102": (
        invalid(
            """

def main() -> None:
    x = tr.ones((16,))
    slots = [tr.zeros((16,)) for _ in range(2)]
    pendings = {s: copy(buf.partition((16,)), x).submit() for s, buf in enumerate(slots)}
    pendings[0].wait()
    pendings[0] = copy(slots[0].partition((16,)), x).submit()
    for s, p in pendings.items():
        print(slots[s].to_numpy())  # TC102
        p.wait()
""",
            "a walk of a dict's items reads each slot before waiting on its own Pending",
        ),
    ),
    "TC105": (
        invalid(
            """

def main() -> None:
    bufs = [tr.zeros((32,)) for _ in range(3)]
    warm = [scale(b.partition((32,)), 0.5) for b in bufs]  # TC105
    for op in warm[:2]:
        op.sync()
    del warm
""",
            "a list of ops walked by a slice that leaves the last out, then deleted",
        ),
    ),
    "TC108": (
        invalid(
            """

x = tr.ones((32,))
outs = [tr.zeros((32,)) for _ in range(3)]
pends = [copy(o.partition((32,)), x).submit() for o in outs]  # TC108
a, b, c = pends
a.wait()
b.wait()
del a, b, c
del pends
print(outs[0].to_numpy())
""",
            "a script: two of three Pendings unpacked and waited; the names and the list deleted",
        ),
    ),
}
