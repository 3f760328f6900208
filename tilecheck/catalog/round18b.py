"""Examples of round 18B of issue 17 (objects and methods): a method of the module's classes
run in place on its caller's instance (``tilecheck.host.inline``), for methods that make an
attribute on their first call only (``if self.plan is None: self.plan = ...``), directly or
through a helper method on ``self``: the partition a first call caches there and consumes is
consumed again by the next call (TC109, inside the method). The VALID ones run clean and must
stay silent; the INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        valid(
            """

class Scaler:
    def __init__(self, n: int) -> None:
        self.out = tr.ones((n,))
        self._plan: tr.Partition[f32] | None = None

    def _tiles(self) -> tr.Partition[f32]:
        if self._plan is None:
            self._plan = self.out.partition((8,))
        return self._plan

    def step(self) -> None:
        scale(self._tiles(), 2.0).sync()
        self._plan = None


def main() -> None:
    s = Scaler(32)
    for _ in range(3):
        s.step()
    print(s.out.to_numpy())
""",
            "the cached partition is dropped after each launch: the next call makes a new one",
        ),
        valid(
            """

class Filler:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,))
        self.scratch: tr.Tensor[f32] | None = None

    def fill(self, a: float) -> None:
        if self.scratch is None:
            self.scratch = tr.ones((32,))
        scale(self.scratch.partition((8,)), a).sync()


def main() -> None:
    f = Filler(32)
    f.fill(2.0)
    f.fill(3.0)
    print(f.buf.to_numpy())
""",
            "a tensor made on the first call and cached: each call partitions it anew",
        ),
        valid(
            """

class Once:
    def __init__(self, n: int) -> None:
        self.out = tr.ones((n,))
        self.tiles: tr.Partition[f32] | None = None

    def run(self) -> None:
        if not self.tiles:
            self.tiles = self.out.partition((8,))
        scale(self.tiles, 2.0).sync()


def main() -> None:
    o = Once(32)
    o.run()
    print(o.out.to_numpy())
""",
            "the cached partition consumed by the one call made",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        invalid(
            """

class Accumulator:
    def __init__(self, n: int) -> None:
        self.total = tr.ones((n,))
        self._plan: tr.Partition[f32] | None = None

    def _tiles(self) -> tr.Partition[f32]:
        if self._plan is None:
            self._plan = self.total.partition((8,))
        return self._plan

    def add(self) -> None:
        scale(self._tiles(), 2.0).sync()  # TC109


def main() -> None:
    acc = Accumulator(32)
    for _ in range(3):
        acc.add()
    print(acc.total.to_numpy())
""",
            "a partition a helper method makes on its first call and caches: the second call's "
            "launch consumes it again",
        ),
        invalid(
            """

class Once:
    def __init__(self, n: int) -> None:
        self.out = tr.ones((n,))
        self.tiles: tr.Partition[f32] | None = None

    def run(self, a: float) -> None:
        if not self.tiles:
            self.tiles = self.out.partition((8,))
        scale(self.tiles, a).sync()  # TC109


def main() -> None:
    o = Once(32)
    o.run(2.0)
    o.run(3.0)
    print(o.out.to_numpy())
""",
            "cached in the method that launches, called twice in a row",
        ),
        invalid(
            """

class Stager:
    def __init__(self, n: int) -> None:
        self.dst = tr.zeros((n,))
        self.src = tr.ones((n,))
        self.parts: tr.Partition[f32] | None = None

    def parts_of(self) -> tr.Partition[f32]:
        if self.parts is None:
            self.parts = self.dst.partition((8,))
        return self.parts

    def stage(self) -> tr.Pending:
        return copy(self.parts_of(), self.src).submit()  # TC109


def main() -> None:
    s = Stager(32)
    first = s.stage()
    first.wait()
    second = s.stage()
    second.wait()
    print(s.dst.to_numpy())
""",
            "a submit of the cached partition, waited, and submitted again by the next call",
        ),
    ),
}
