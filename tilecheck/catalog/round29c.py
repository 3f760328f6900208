"""Examples of round 29C of issue 17 (a container's items as cells, ``tilecheck.host.cells``):
a slot read through a walrus is the slot (``if (w := pends[s]) is not None: w.wait()``), a drain
``for p in pends: if p is not None: p.wait()`` waits every item it walks, ``d.get(k, fb)`` /
``d.pop(k, fb)`` resolve by the dict's known keys (the item, the default, or either), and the
positions a list's uses never take (``ops[0]`` only, ``ops[:-1]``, ``[...][-1]``) leave those
items' ops unrun and Pendings unwaited (also a Pending kept in a plain dataclass item). The
VALID ones run clean and must stay silent; the INVALID ones are real errors (the interpreter
raises or warns at the mark)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_RING = """

def main() -> None:
    stage = [tr.zeros((32,)), tr.zeros((32,))]
    outs = [tr.zeros((32,)) for _ in range(4)]
    busy: list[tr.Pending | None] = [None, None]
    for i in range(4):
        s = i % 2
        {first}
        copy(stage[s].partition((8,)), outs[i]).sync()
        {second}
        busy[s] = copy(outs[i].partition((8,)), stage[s]).submit()
    for p in busy:
        if p is not None:
            p.wait()
    {read}
"""

_PLANS = """

def main() -> None:
    state = {{"m": tr.zeros((32,)), "v": tr.zeros((32,)), "spare": tr.zeros((32,))}}
    plans = {{"m": state["m"].partition((8,))}}
    spare = state["spare"].partition((8,))
    for name in ("m", "v"):
        plan = plans.get(name, spare)
        scale(plan, 2.0).sync(){mark}
    {read}
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _RING.format(
                first="if (w := busy[s]) is not None:\n            w.wait()",
                second="",
                read="print(outs[3].to_numpy())",
            ),
            "the slot read through a walrus is waited before the stage is written again; the "
            "drain's guarded waits wait every Pending the list holds",
        ),
        valid(
            """

def main() -> None:
    outs = [tr.zeros((32,)), tr.zeros((32,)), tr.zeros((32,))]
    pends: list[tr.Pending | None] = [None, None, None]
    for i in (0, 2):
        pends[i] = scale(outs[i].partition((8,)), 2.0).submit()
    for p in pends:
        if p is None:
            continue
        p.wait()
    print(outs[2].to_numpy())
""",
            "`continue` past an empty slot: every Pending of the list is waited",
        ),
        valid(
            """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(3)]
    ps = [scale(o.partition((8,)), 2.0).submit() for o in outs]
    for p in ps[:2]:
        p.wait()
    ps[-1].wait()
    print(outs[2].to_numpy())
""",
            "`ps[-1]` of three submits is the one writing `outs[2]`",
        ),
    ),
    "TC104": (
        valid(
            _PLANS.format(mark="", read='print(state["spare"].to_numpy())'),
            "`get` of a key the dict lacks gives the default, consumed in that turn",
        ),
    ),
    "TC105": (
        valid(
            """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(4)]
    ops = [scale(o.partition((8,)), 2.0) for j, o in enumerate(outs)]
    ops[0].sync()
    tr.zip(*ops[1:]).sync()
    print(outs[3].to_numpy())
""",
            "the head run alone, the rest through a slice: every position runs",
        ),
        valid(
            """

def main() -> None:
    names = {"q", "k", "v"}
    outs = {n: tr.zeros((32,)) for n in names}
    ops = {n: scale(outs[n].partition((8,)), 2.0) for n in sorted(names)}
    for n in sorted(names):
        ops[n].sync()
""",
            "a walk of `sorted(names)` takes every key of the set",
        ),
    ),
    "TC108": (
        valid(
            """

def main() -> None:
    outs = {k: tr.zeros((32,)) for k in ("a", "b")}
    pend = {k: scale(o.partition((8,)), 2.0).submit() for k, o in outs.items()}
    pend["a"].wait()
    pend["b"].wait()
    print(outs["a"].to_numpy())
""",
            "every key's Pending is taken and waited",
        ),
        valid(
            """
from dataclasses import dataclass


@dataclass
class Req:
    out: Tensor[f32]
    done: tr.Pending

    def __post_init__(self) -> None:
        self.done.wait()


def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(3)]
    reqs = [Req(o, scale(o.partition((8,)), 2.0).submit()) for o in outs]
    print(reqs[0].out.to_numpy())
""",
            "a record whose `__post_init__` waits its Pending: the untaken items are waited",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC103": (
        invalid(
            _RING.format(
                first="",
                second="if (w := busy[s]) is not None:\n            w.wait()",
                read="print(outs[3].to_numpy())",
            ).replace(
                "copy(stage[s].partition((8,)), outs[i]).sync()",
                "copy(stage[s].partition((8,)), outs[i]).sync()  # TC103",
            ),
            "the stage is written before the walrus-read slot's reader is waited",
        ),
    ),
    "TC102": (
        invalid(
            """

def main() -> None:
    outs = [tr.zeros((32,)), tr.zeros((32,)), tr.zeros((32,))]
    pends: list[tr.Pending | None] = [None, None, None]
    for i in (0, 2):
        pends[i] = scale(outs[i].partition((8,)), 2.0).submit()
    for p in pends[:1]:
        if p is not None:
            p.wait()
    print(outs[2].to_numpy())  # TC102
    p2 = pends[2]
    if p2 is not None:
        p2.wait()
""",
            "a guarded drain of a slice leaves the last slot's Pending in flight",
        ),
    ),
    "TC109": (
        invalid(
            _PLANS.format(mark="", read="")
            .replace('for name in ("m", "v"):', 'for name in ("v", "ema"):')
            .replace("scale(plan, 2.0).sync()", "scale(plan, 2.0).sync()  # TC109"),
            "two keys the dict lacks: `get` gives the one default partition twice",
        ),
    ),
    "TC105": (
        invalid(
            """

def main() -> None:
    outs = [tr.zeros((32,)), tr.zeros((32,)), tr.zeros((32,))]
    ops = [scale(o.partition((8,)), float(j)) for j, o in enumerate(outs)]  # TC105
    for op in ops[1:]:
        op.sync()
    print(outs[2].to_numpy())
""",
            "a loop over `ops[1:]` never runs the op at position 0",
        ),
        invalid(
            """

def main() -> None:
    outs = {e: tr.zeros((32,)) for e in range(4)}
    experts = {e: scale(outs[e].partition((8,)), 2.0) for e in range(4)}  # TC105
    for e in sorted({1, 3}):
        experts[e].sync()
""",
            "the experts no routed key names are made and never run",
        ),
    ),
    "TC108": (
        invalid(
            """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(3)]
    last = [scale(o.partition((8,)), 2.0).submit() for o in outs][-1]  # TC108
    last.wait()
    print(outs[2].to_numpy())
""",
            "only the last submit is kept: the list's other Pendings are dropped unwaited",
        ),
        invalid(
            """

def main() -> None:
    outs = {k: tr.zeros((32,)) for k in ("a", "b")}
    pend = {k: scale(o.partition((8,)), 2.0).submit() for k, o in outs.items()}  # TC108
    pend["a"].wait()
    print(outs["a"].to_numpy())
""",
            "the Pending under `b` is never taken from the dict, so never waited",
        ),
        invalid(
            """
from dataclasses import dataclass


@dataclass
class Job:
    out: Tensor[f32]
    pending: tr.Pending


def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(3)]
    jobs = [Job(o, scale(o.partition((8,)), 2.0).submit()) for o in outs]  # TC108
    jobs[0].pending.wait()
    print(jobs[0].out.to_numpy())
""",
            "a plain dataclass keeps the Pending; the jobs never taken are dropped unwaited",
        ),
    ),
}
