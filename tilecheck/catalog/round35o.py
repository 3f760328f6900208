"""Examples of round 35O of issue 17 (containers held by ``self`` across methods).

The items of a list attribute made once and only read, followed one by one across method
calls: ``__init__`` binds ``self.slots`` to a list or tuple display of new tensors (or a
comprehension over a constant ``range``) and nothing changes the list afterwards; a method
writing ``self.slots[i]`` (a constant, or a form of its parameters such as ``layer % 2`` the
caller gives a constant) leaves its Pending in flight, and another method's read of the same
item, or a walk of every item, before the wait is TC102 there. A read of another item, or of
the same one after the wait, is not. A dict display of new tensors by constant keys
(``self.bufs = {"k": ..., "v": ...}``) made so is followed by its keys the same way.

Partitions a method stores into a dict attribute ``__init__`` made empty (named only through
``self``) stay alive for the caller until a method naming the dict runs: a read of their
tensor by another method before that is TC104; after it, or of another tensor, is not. An
``async def`` method runs where it is awaited (``await stage.stats()``), on its receiver. A
method reading only the length of a list it appends to (``len(self.outs)``) still only appends
to it: the tensors it appends stay the caller's, written by the Pendings it keeps.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_PREFETCHER = """

class Prefetcher:
    def __init__(self, src: tr.Tensor) -> None:
        self.src = src
        self.slots = [tr.zeros((32,)), tr.zeros((32,))]
        self.pending: list[tr.Pending] = []

    def prefetch(self, layer: int) -> None:
        slot = self.slots[layer % 2]
        self.pending.append(copy(slot.partition((32,)), self.src).submit())

    def drain(self) -> None:
        for p in self.pending:
            p.wait()
        self.pending.clear()

"""

_RING = """
RING = 3


class Ring:
    def __init__(self) -> None:
        self.bufs = [tr.zeros((32,)) for _ in range(RING)]
        self.last: tr.Pending | None = None

    def fill(self, step: int) -> None:
        self.last = scale(self.bufs[(step + 1) % RING].partition((32,)), 2.0).submit()

    def finish(self) -> None:
        if self.last is not None:
            self.last.wait()
            self.last = None

"""

_RECORDER = """

class Recorder:
    def __init__(self) -> None:
        self.outs: list[tr.Tensor] = []
        self.pending: list[tr.Pending] = []

    def record(self) -> None:
        out = tr.zeros((32,), name=f"out{len(self.outs)}")
        self.outs.append(out)
        self.pending.append(scale(out.partition((32,)), 2.0).submit())

    def wait_all(self) -> None:
        for p in self.pending:
            p.wait()
        self.pending.clear()

    def total(self) -> float:
        return sum(float(o.to_numpy().sum()) for o in self.outs)
"""

_KV = """

class KV:
    def __init__(self, src: tr.Tensor) -> None:
        self.src = src
        self.bufs = {"k": tr.zeros((32,)), "v": tr.zeros((32,))}
        self.job: tr.Pending | None = None

    def update(self) -> None:
        self.job = copy(self.bufs["k"].partition((32,)), self.src).submit()

    def settle(self) -> None:
        if self.job is not None:
            self.job.wait()
            self.job = None
"""

_STAGE = """

class Stage:
    def __init__(self, x: tr.Tensor) -> None:
        self.x = x
        self.out = tr.zeros((32,))
        self.plans = {}

    def plan(self, name: str) -> None:
        self.plans[name] = self.out.partition((32,))

    def execute(self, name: str) -> None:
        copy(self.plans.pop(name), self.x).sync()

"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _PREFETCHER
            + """
    def get(self, layer: int) -> float:
        return float(self.slots[layer % 2].to_numpy()[0])


def main() -> None:
    pf = Prefetcher(tr.ones((32,)))
    pf.prefetch(1)
    print(pf.get(0))
    pf.drain()
""",
            "a method writes the second slot, another reads the first: two items apart",
        ),
        valid(
            _PREFETCHER
            + """
    def get(self, layer: int) -> float:
        return float(self.slots[layer % 2].to_numpy()[0])


def main() -> None:
    pf = Prefetcher(tr.ones((32,)))
    pf.prefetch(0)
    pf.drain()
    print(pf.get(0))
""",
            "the slot read after the method that waits every Pending",
        ),
        valid(
            _PREFETCHER
            + """
    def total(self) -> float:
        return sum(float(s.to_numpy().sum()) for s in self.slots)


pf = Prefetcher(tr.ones((32,)))
pf.prefetch(0)
pf.drain()
print(pf.total())
""",
            "every slot walked after the drain, at module level",
        ),
        valid(
            _RING
            + """
    def read(self, step: int) -> float:
        return float(self.bufs[step % RING].to_numpy()[0])


def main() -> None:
    ring = Ring()
    ring.fill(step=0)
    print(ring.read(step=0))
    ring.finish()
""",
            "a ring's next slot written, the current one read (keyword arguments)",
        ),
        valid(
            _RECORDER
            + """

def main() -> None:
    rec = Recorder()
    rec.record()
    rec.wait_all()
    print(rec.total())
""",
            "outputs named by the list's length read after every Pending is waited",
        ),
        valid(
            _KV
            + """
    def peek(self, key: str) -> float:
        return float(self.bufs[key].to_numpy()[0])


def main() -> None:
    kv = KV(tr.ones((32,)))
    kv.update()
    print(float(kv.bufs["v"].to_numpy()[0]))
    kv.settle()
    print(kv.peek("k"))
""",
            "a dict field's other key read while `k` is written, `k` after the wait",
        ),
    ),
    "TC104": (
        valid(
            _STAGE
            + """
    def stats(self) -> float:
        return float(self.out.to_numpy().sum())


def main() -> None:
    stage = Stage(tr.ones((32,)))
    stage.plan("main")
    stage.execute("main")
    print(stage.stats())
""",
            "the output read after the method that pops and launches its partition",
        ),
        valid(
            _STAGE
            + """
    def stats(self) -> float:
        return float(self.x.to_numpy().sum())


stage = Stage(tr.ones((32,)))
stage.plan("main")
print(stage.stats())
stage.execute("main")
""",
            "another tensor than the partitioned one read while the plan is kept",
        ),
        valid(
            _STAGE
            + """
    def stats(self) -> float:
        self.execute("main")
        return float(self.out.to_numpy().sum())


def main() -> None:
    stage = Stage(tr.ones((32,)))
    stage.plan("main")
    print(stage.stats())
""",
            "a method that launches the kept plan itself before reading",
        ),
        valid(
            _STAGE
            + """
    async def stats(self) -> float:
        return float(self.out.to_numpy().sum())


async def main() -> None:
    stage = Stage(tr.ones((32,)))
    stage.plan("main")
    stage.execute("main")
    print(await stage.stats())
""",
            "a coroutine method awaited after the plan is launched",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _PREFETCHER
            + """
    def get(self, layer: int) -> float:
        return float(self.slots[layer % 2].to_numpy()[0])  # TC102


def main() -> None:
    pf = Prefetcher(tr.ones((32,)))
    pf.prefetch(0)
    print(pf.get(0))
    pf.drain()
""",
            "the slot `prefetch(0)` writes read by `get(0)` before the drain",
        ),
        invalid(
            _PREFETCHER
            + """
    def total(self) -> float:
        return sum(float(s.to_numpy().sum()) for s in self.slots)  # TC102


pf = Prefetcher(tr.ones((32,)))
pf.prefetch(1)
print(pf.total())
pf.drain()
""",
            "every slot walked while the second is written, at module level",
        ),
        invalid(
            _PREFETCHER
            + """
    def first(self) -> float:
        return float(self.slots[0].to_numpy()[0])  # TC102

    def step(self) -> float:
        self.prefetch(0)
        return self.first()


def main() -> None:
    pf = Prefetcher(tr.ones((32,)))
    print(pf.step())
    pf.drain()
""",
            "a method that prefetches and reads the same slot through its own methods",
        ),
        invalid(
            _RING
            + """
    def read(self, step: int) -> float:
        return float(self.bufs[step % RING].to_numpy()[0])  # TC102


def main() -> None:
    ring = Ring()
    ring.fill(step=0)
    print(ring.read(step=1))
    ring.finish()
""",
            "a ring's next slot read while the fill of it is in flight",
        ),
        invalid(
            _RECORDER.replace("for o in self.outs)", "for o in self.outs)  # TC102")
            + """

def main() -> None:
    rec = Recorder()
    rec.record()
    print(rec.total())
    rec.wait_all()
""",
            "outputs named by the list's length read while the last write is in flight",
        ),
        invalid(
            _KV
            + """
    def total(self) -> float:
        return sum(float(b.to_numpy().sum()) for b in self.bufs.values())  # TC102


kv = KV(tr.ones((32,)))
kv.update()
print(kv.total())
kv.settle()
""",
            "every value of a dict field walked while the write of `k` is in flight",
        ),
    ),
    "TC104": (
        invalid(
            _STAGE
            + """
    def stats(self) -> float:
        return float(self.out.to_numpy().sum())  # TC104


def main() -> None:
    stage = Stage(tr.ones((32,)))
    stage.plan("main")
    print(stage.stats())
    stage.execute("main")
""",
            "the output read while the partition `plan` kept in the dict lives",
        ),
        invalid(
            _STAGE
            + """
    def stats(self) -> float:
        return float(self.out.to_numpy().sum())  # TC104


stage = Stage(tr.ones((32,)))
stage.plan("main")
print(stage.stats())
stage.execute("main")
""",
            "the same, at module level",
        ),
        invalid(
            _STAGE.replace("self.plans = {}", "self.plans = dict()")
            + """
    def stats(self) -> float:
        return float(self.out.to_numpy().mean())  # TC104


async def main() -> None:
    stage = Stage(tr.ones((32,)))
    stage.plan("main")
    print(stage.stats())
    stage.execute("main")
""",
            "a `dict()` of plans, the calls in a coroutine",
        ),
        invalid(
            _STAGE
            + """
    async def stats(self) -> float:
        return float(self.out.to_numpy().sum())  # TC104


async def main() -> None:
    stage = Stage(tr.ones((32,)))
    stage.plan("main")
    print(await stage.stats())
    stage.execute("main")
""",
            "a coroutine method awaited while the plan lives: its body runs at the await",
        ),
    ),
}
