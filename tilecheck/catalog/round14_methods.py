"""Examples of round 14D of issue 17, the local forms of three container gaps: a list of ops
run from index 1, its item 0 never run (TC105, at its launch); a Pending popped from a local
dict by constant key and discarded there (TC108, at its submit); an op run again through the
item of a local container that holds it under a constant key (TC110, ``ops["b"].sync()``
after a graph recorded it). The VALID ones run clean and must stay silent
(popped and waited, waited before the pop, held by another name, each op run once, an item
made anew); the INVALID ones are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        valid(
            """

def main() -> None:
    a = tr.zeros((256,), dtype=f32)
    b = tr.zeros((256,), dtype=f32)
    ops = [scale(a.partition((64,)), 2.0), scale(b.partition((64,)), 3.0)]
    ops[0].sync()
    for i in range(1, len(ops)):
        ops[i].sync()
    print(a.to_numpy()[:2])


main()
""",
            "item 0 run on its own, the rest by a loop from index 1",
        ),
        valid(
            """

def main() -> None:
    a = tr.zeros((256,), dtype=f32)
    b = tr.zeros((256,), dtype=f32)
    ops = [scale(a.partition((64,)), 2.0), scale(b.partition((64,)), 3.0)]
    for i in range(len(ops)):
        ops[i].sync()
    print(a.to_numpy()[:2], b.to_numpy()[:2])


main()
""",
            "each op run once, by a loop over every index",
        ),
        valid(
            """

def main() -> None:
    a = tr.zeros((256,), dtype=f32)
    b = tr.zeros((256,), dtype=f32)
    ops = [scale(a.partition((64,)), 2.0), scale(b.partition((64,)), 3.0)]
    for i in range(1, len(ops)):
        ops[i].sync()
    ops.pop(0).sync()
    print(a.to_numpy()[:2], b.to_numpy()[:2])


main()
""",
            "item 0 popped and run after the loop from index 1",
        ),
    ),
    "TC108": (
        valid(
            """

def main() -> None:
    t = tr.zeros((2, 256), dtype=f32)
    running: dict[str, tr.Pending] = {}
    running["a"] = scale(t[0].partition((64,)), 2.0).submit()
    running["b"] = scale(t[1].partition((64,)), 3.0).submit()
    running.pop("b").wait()
    running.pop("a").wait()
    print(t.to_numpy()[:, :2])


main()
""",
            "each Pending popped from the dict by its key and waited",
        ),
        valid(
            """

def main() -> None:
    t = tr.zeros((2, 256), dtype=f32)
    running: dict[str, tr.Pending] = {}
    running["a"] = scale(t[0].partition((64,)), 2.0).submit()
    running["b"] = scale(t[1].partition((64,)), 3.0).submit()
    running["b"].wait()
    running.pop("b", None)
    running.pop("a").wait()
    print(t.to_numpy()[:, :2])


main()
""",
            "the Pending is waited through the dict before the pop drops it",
        ),
        valid(
            """

def main() -> None:
    t = tr.zeros((2, 256), dtype=f32)
    last = scale(t[1].partition((64,)), 3.0).submit()
    running = {"a": scale(t[0].partition((64,)), 2.0).submit(), "b": last}
    running.pop("b", None)
    last.wait()
    running.pop("a").wait()
    print(t.to_numpy()[:, :2])


main()
""",
            "the popped Pending is still held by another name, which waits on it",
        ),
    ),
    "TC110": (
        valid(
            """

def main() -> None:
    a = tr.zeros((256,), dtype=f32)
    b = tr.zeros((256,), dtype=f32)
    ops = {"a": scale(a.partition((64,)), 2.0), "b": scale(b.partition((64,)), 3.0)}
    ops["a"].sync()
    ops["b"].sync()
    print(a.to_numpy()[:2], b.to_numpy()[:2])


main()
""",
            "each op of a dict run once through its item",
        ),
        valid(
            """

def main() -> None:
    a = tr.zeros((256,), dtype=f32)
    with tr.graph() as g:
        ops = {"a": g.record(scale(a.partition((64,)), 2.0))}
    g.launch().wait()
    g.close()
    ops["a"] = scale(a.partition((64,)), 3.0)
    ops["a"].sync()
    print(a.to_numpy()[:2])


main()
""",
            "the item is a new op by the time it is synced",
        ),
        valid(
            """

def main() -> None:
    a = tr.zeros((256,), dtype=f32)
    for _ in range(2):
        steps = [scale(a.partition((64,)), 2.0)]
        steps[0].sync()
    print(a.to_numpy()[:2])


main()
""",
            "a list of ops made anew on every turn, its item run once per turn",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        invalid(
            """

def main() -> None:
    a = tr.zeros((256,), dtype=f32)
    b = tr.zeros((256,), dtype=f32)
    ops = [scale(a.partition((64,)), 2.0), scale(b.partition((64,)), 3.0)]  # TC105
    for i in range(1, len(ops)):
        ops[i].sync()
    ops.clear()
    print(b.to_numpy()[:2])
""",
            "a list of ops run from index 1: item 0 is never run",
            typed=False,
        ),
    ),
    "TC108": (
        invalid(
            """

def main() -> None:
    t = tr.zeros((2, 256), dtype=f32)
    running: dict[str, tr.Pending] = {}
    running["a"] = scale(t[0].partition((64,)), 2.0).submit()
    running["b"] = scale(t[1].partition((64,)), 3.0).submit()  # TC108
    running.pop("b", None)
    running.pop("a").wait()
    print(t.to_numpy()[:, :2])
""",
            "a Pending popped from a local dict by constant key and discarded unwaited",
            typed=False,
        ),
    ),
    "TC110": (
        invalid(
            """

def main() -> None:
    a = tr.zeros((256,), dtype=f32)
    b = tr.zeros((256,), dtype=f32)
    with tr.graph() as g:
        ops = {
            "a": g.record(scale(a.partition((64,)), 2.0)),
            "b": g.record(scale(b.partition((64,)), 3.0)),
        }
    g.launch().wait()
    ops["b"].sync()  # TC110
    g.close()
""",
            "an op a graph recorded, kept in a dict, synced through its item after the launch",
            typed=False,
        ),
        invalid(
            """

def main() -> None:
    a = tr.zeros((256,), dtype=f32)
    b = tr.zeros((256,), dtype=f32)
    ops = [scale(a.partition((64,)), 2.0), scale(b.partition((64,)), 3.0)]
    ops[1].sync()
    print(b.to_numpy()[:2])
    ops[1].submit().wait()  # TC110
    ops[0].sync()
""",
            "an op of a list display run twice through its item",
            typed=False,
        ),
    ),
}
