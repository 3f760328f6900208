"""Examples of round 40E of issue 17 (a method with a branch, and a method that calls another
object an attribute holds, summarized for what it does to its receiver's attributes).

A method's summary says it consumes the partition ``self.part`` held on the way in, or runs
the op ``self.op`` held, when every path through it does: an ``if``, loop or ``with`` before
the launch that cannot leave the method no longer hides it (``call_lines.steps_on``), nor does
a field read in every branch of an ``if`` chain with an ``else``. A call of a method of an
object an attribute holds (``self.pool.block(i)``) gives unknown code that object, not
``self``, where the module never lets ``self`` out whole: the partitions of ``self``'s other
attributes stay followed (``host.held_receivers``). A second call of such a method on the same
instance consumes the partition again (TC109) or runs the op again (TC110).

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        valid(
            """

class Seq:
    def __init__(self):
        self.length = 0
        self.buf = tr.zeros((16,))

    def append(self, key):
        if self.length % 4 == 0:
            print("new block")
        copy(self.buf.partition((16,)), key).sync()
        self.length += 1


s = Seq()
for _ in range(2):
    s.append(tr.ones((16,)))
""",
            "a method with a branch partitions its attribute again on every call",
        ),
        valid(
            """

class Writer:
    def __init__(self) -> None:
        self.count = 0
        self.buf = tr.zeros((64,))
        self.tiles = self.buf.partition((16,))

    def write(self, src: tr.Tensor) -> None:
        if self.count > 0:
            return
        copy(self.tiles, src).sync()
        self.count += 1


w = Writer()
w.write(tr.ones((64,)))
w.write(tr.ones((64,)))
""",
            "a method that leaves before its launch on a second call: consumed on one path only",
        ),
        valid(
            """

class Pool:
    def __init__(self) -> None:
        self.rows = tr.zeros((4, 16))
        self.free = [0, 1, 2, 3]

    def take(self) -> int:
        return self.free.pop()


class Seq:
    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.key = tr.zeros((16,))

    def append(self, src: tr.Tensor) -> None:
        copy(self.key.partition((16,)), src).sync()
        row = self.pool.take()
        print(row)


seq = Seq(Pool())
seq.append(tr.ones((16,)))
seq.append(tr.ones((16,)))
""",
            "a method that calls another object an attribute holds, partitioning again each call",
        ),
    ),
    "TC110": (
        valid(
            """

class Stage:
    def __init__(self) -> None:
        self.out = tr.empty((128,))
        self.calls = 0

    def run(self, verbose: bool) -> None:
        if verbose:
            print("running", self.calls)
        scale(self.out.partition((64,)), 2.0).sync()
        self.calls += 1


stage = Stage()
stage.run(True)
stage.run(False)
""",
            "a method with a branch that makes its op again on every call",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        invalid(
            """

class Seq:
    def __init__(self):
        self.length = 0
        self.buf = tr.zeros((16,))
        self.part = self.buf.partition((16,))

    def append(self, key):
        if self.length % 4 == 0:
            print("new block")
        copy(self.part, key).sync()  # TC109
        self.length += 1


s = Seq()
for _ in range(2):
    s.append(tr.ones((16,)))
""",
            "a method with a branch before its launch, given its attribute's partition twice",
            typed=False,
        ),
        invalid(
            """

class Layer:
    def __init__(self, n: int) -> None:
        self.out = tr.empty((n,))
        self.tiles = self.out.partition((64,))

    def forward(self, alpha: float) -> None:
        for _ in range(2):
            alpha = alpha * 0.5
        scale(self.tiles, alpha).sync()  # TC109


def serve() -> None:
    layer = Layer(128)
    layer.forward(0.5)
    layer.forward(2.0)


serve()
""",
            "a loop before the launch, the method called twice from a function",
            typed=False,
        ),
        invalid(
            """
import threading


class Writer:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.count = 0
        self.buf = tr.zeros((64,))
        self.tiles = self.buf.partition((16,))

    def write(self, src: tr.Tensor) -> None:
        with self.lock:
            self.count += 1
        copy(self.tiles, src).sync()  # TC109


w = Writer()
for i in range(3):
    w.write(tr.full((64,), float(i)))
""",
            "a with block before the launch, the method called in a loop",
            typed=False,
        ),
        invalid(
            """

class Pool:
    def __init__(self) -> None:
        self.rows = tr.zeros((4, 16))
        self.free = [0, 1, 2, 3]

    def take(self) -> int:
        return self.free.pop()


class Seq:
    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.key = tr.zeros((16,))
        self.part = self.key.partition((16,))

    def append(self, src: tr.Tensor) -> None:
        copy(self.part, src).sync()  # TC109
        row = self.pool.take()
        print(row)


seq = Seq(Pool())
seq.append(tr.ones((16,)))
seq.append(tr.ones((16,)))
""",
            "a method that calls a method of the object an attribute holds after its launch",
            typed=False,
        ),
    ),
    "TC110": (
        invalid(
            """

class Stage:
    def __init__(self) -> None:
        self.out = tr.empty((128,))
        self.op = scale(self.out.partition((64,)), 2.0)
        self.calls = 0

    def run(self, verbose: bool) -> None:
        if verbose:
            print("running", self.calls)
        self.op.sync()  # TC110
        self.calls += 1


stage = Stage()
stage.run(True)
stage.run(False)
""",
            "a method with a branch runs the op its attribute holds on every call",
            typed=False,
        ),
    ),
}
