"""Examples of round 9 of issue 17 (class (b) of the fourth held-out evaluation's
reproductions): what an object keeps in its attributes across its methods. An op or a partition
``__init__`` keeps, run or consumed by a method on every call (called twice: TC110, TC109), and
a Pending a method stores, replaced by the next call unwaited (TC108 at its submit). And a
partition bound by ``functools.partial(kernel, t.partition(s), x)``, alive until the partial is
called (TC104 on a read of ``t`` before). A ``Tensor`` parameter ``__init__`` keeps
(``self.w = w``) is the caller's tensor, not a new one per instance (TC103 when a method
partitions it while the caller's launch reads it). The VALID ones run clean and must stay
silent; the INVALID ones are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_TICKER = """

class Ticker:
    def __init__(self) -> None:
        self.count = tr.zeros((256,))
        self.tick_op = scale(self.count.partition((64,)), 2.0)

    def tick(self) -> None:
        self.tick_op.sync()
"""

_ACCUM = """

class Accum:
    def __init__(self) -> None:
        self.total = tr.zeros((256,))
        self.tiles = self.total.partition((64,))

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        copy(self.tiles, x).sync()
        return self.total
"""

_LOADER = """

class Loader:
    def __init__(self) -> None:
        self.slots = [tr.zeros((256,)), tr.zeros((256,))]
        self.job: tr.Pending | None = None
        self.k = 0

    def load(self, src: tr.Tensor) -> None:
        self.job = copy(self.slots[self.k].partition((64,)), src).submit()
        self.k = 1 - self.k

    def get(self) -> tr.Tensor:
        if self.job is not None:
            self.job.wait()
            self.job = None
        return self.slots[1 - self.k]
"""

_PARTIAL = "\nimport functools\n"

_UPDATER = """

class Updater:
    def __init__(self, w: tr.Tensor) -> None:
        self.w = w

    def bump(self) -> None:
        scale(self.w.partition((64,)), 0.5).sync()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC103": (
        valid(
            _UPDATER
            + """

def main() -> None:
    w = tr.ones((256,))
    y = tr.zeros((256,))
    u = Updater(w)
    reading = copy(y.partition((64,)), w).submit()
    reading.wait()
    u.bump()
""",
            "the launch reading the argument is waited before the method partitions it",
        ),
        valid(
            _UPDATER
            + """

def main() -> None:
    w = tr.ones((256,))
    y = tr.zeros((256,))
    u = Updater(tr.ones((256,)))
    reading = copy(y.partition((64,)), w).submit()
    u.bump()
    reading.wait()
""",
            "the instance keeps another tensor than the one the launch reads",
        ),
    ),
    "TC104": (
        valid(
            _PARTIAL
            + """

def main() -> None:
    dst = tr.zeros((256,))
    step = functools.partial(copy, dst.partition((64,)), tr.ones((256,)))
    step().sync()
    print(dst.to_numpy())
""",
            "the partial's launch consumed the partition it bound, and was synced: `dst` is free",
        ),
    ),
    "TC108": (
        valid(
            _LOADER
            + """

def main() -> None:
    ld = Loader()
    ld.load(tr.ones((256,)))
    print(ld.get().to_numpy())
    ld.load(tr.ones((256,)))
    print(ld.get().to_numpy())
""",
            "each load's Pending waited by `get()` before the next load replaces it",
        ),
    ),
    "TC109": (
        valid(
            _ACCUM
            + """

def main() -> None:
    acc = Accum()
    print(acc(tr.ones((256,))).to_numpy())
""",
            "the partition `__init__` kept, consumed by one call",
        ),
        valid(
            """

class Accum:
    def __init__(self) -> None:
        self.total = tr.zeros((256,))
        self.tiles = self.total.partition((64,))

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        copy(self.tiles, x).sync()
        self.tiles = self.total.partition((64,))
        return self.total


def main() -> None:
    acc = Accum()
    acc(tr.ones((256,)))
    acc(tr.ones((256,)))
""",
            "each call partitions again after consuming the partition it kept",
        ),
    ),
    "TC110": (
        valid(
            _TICKER
            + """

def main() -> None:
    tk = Ticker()
    tk.tick()
    print(tk.count.to_numpy())
""",
            "the op `__init__` kept, run by one call",
        ),
        valid(
            _TICKER
            + """

def main() -> None:
    for _ in range(2):
        tk = Ticker()
        tk.tick()
""",
            "a new instance (a new op) for each call",
        ),
        valid(
            """

class Ticker:
    def __init__(self) -> None:
        self.count = tr.zeros((256,))
        self.tick_op = scale(self.count.partition((64,)), 2.0)

    def tick(self) -> None:
        self.tick_op.sync()
        self.tick_op = scale(self.count.partition((64,)), 2.0)

    def close(self) -> None:
        self.tick_op.sync()


def main() -> None:
    tk = Ticker()
    tk.tick()
    tk.tick()
    tk.close()
""",
            "each call runs the op and makes the next one",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC103": (
        invalid(
            _UPDATER.replace("0.5).sync()", "0.5).sync()  # TC103")
            + """

def main() -> None:
    w = tr.ones((256,))
    y = tr.zeros((256,))
    u = Updater(w)
    reading = copy(y.partition((64,)), w).submit()
    u.bump()
    reading.wait()
""",
            "`u.w` is the caller's `w`: `bump` partitions it while the launch still reads it "
            "(reported in `bump`, where the runtime raises)",
        ),
    ),
    "TC104": (
        invalid(
            _PARTIAL
            + """

def main() -> None:
    dst = tr.zeros((256,))
    step = functools.partial(copy, dst.partition((64,)), tr.ones((256,)))
    print(dst.to_numpy())  # TC104
    step().sync()
""",
            "the partial holds the partition it bound: `dst` is read while it is alive",
        ),
    ),
    "TC108": (
        invalid(
            _LOADER.replace(
                "src).submit()",
                "src).submit()  # TC108",
            )
            + """

def main() -> None:
    ld = Loader()
    ld.load(tr.ones((256,)))
    ld.load(tr.ones((256,)))
    print(ld.get().to_numpy())
""",
            "the second load replaces the first one's Pending unwaited: reported at the submit "
            "in `load` (where the runtime warns)",
        ),
    ),
    "TC109": (
        invalid(
            _ACCUM.replace("copy(self.tiles, x).sync()", "copy(self.tiles, x).sync()  # TC109")
            + """

def main() -> None:
    acc = Accum()
    x = tr.ones((256,))
    acc(x)
    acc(x)
""",
            "`__call__` consumes the partition `__init__` kept: the second call's launch raises",
        ),
    ),
    "TC110": (
        invalid(
            _TICKER.replace("self.tick_op.sync()", "self.tick_op.sync()  # TC110")
            + """

def main() -> None:
    tk = Ticker()
    for _ in range(2):
        tk.tick()
""",
            "`tick` syncs the op `__init__` kept: the loop's second call runs it again",
        ),
        invalid(
            _TICKER.replace("self.tick_op.sync()", "self.tick_op.sync()  # TC110")
            + """

def main() -> None:
    tk = Ticker()
    tk.tick()
    tk.tick()
""",
            "the second call syncs the same op again",
        ),
    ),
}
