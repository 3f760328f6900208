"""Examples of round 17A of issue 17 (objects and methods, the eighth held-out set's misses):
a ``@classmethod`` factory (``return cls(...)``) called through its class makes an instance as
the class's call does; a ``@staticmethod`` is summarized as a function and called through
``self``, an instance or its class; a function or static method that returns a partition on
every way out makes an attribute ``__init__`` gives its result a partition attribute (TC109
when two calls consume it); a method's launch that writes one of its receiver's attributes and
takes a parameter (or the reverse) is TC101 where the caller gives it that attribute's tensor;
a method that uses an attribute at several nodes, each on every call, is refused at the first
of them that conflicts (reported there, inside). The VALID ones run clean and must stay
silent; the INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case, invalid, valid
from tilecheck.catalog.fresh_silences import _KERNELS

# the kernels of ``fresh_silences`` and numpy, the methods' annotations postponed
_HEADER = _KERNELS.replace(
    "import tilert as tr\n",
    "from __future__ import annotations\n\nimport numpy as np\n\nimport tilert as tr\n",
    1,
)


def _valid(body: str, note: str) -> Case:
    return valid(_HEADER + body, note)


def _invalid(body: str, note: str, *, typed: bool = True) -> Case:
    return invalid(_HEADER + body, note, typed=typed)


VALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        _valid(
            """

class Smoother:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,), dtype=f32)

    @classmethod
    def default(cls) -> Smoother:
        return cls(128)

    def __call__(self, x: tr.Tensor[f32]) -> tr.Pending:
        return copy(self.buf.partition((64,)), x).submit()


def main() -> None:
    s = Smoother.default()
    s(tr.ones((128,), dtype=f32)).wait()
    print(s.buf.to_numpy()[:2])


main()
""",
            "a classmethod factory's instance: the Pending its `__call__` returns is waited",
        ),
    ),
    "TC109": (
        _valid(
            """

class Engine:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,), dtype=f32)

    @staticmethod
    def split(t: tr.Tensor[f32]) -> tr.Partition[f32]:
        return t.partition((64,))

    def clear(self) -> None:
        scale(self.split(self.out), 0.0).sync()

    def run(self, x: tr.Tensor[f32]) -> None:
        copy(Engine.split(self.out), x).sync()


def main() -> None:
    e = Engine(128)
    e.clear()
    e.run(tr.ones((128,), dtype=f32))
    print(e.out.to_numpy()[:2])


main()
""",
            "a static method's partition made anew for each launch, through `self` and "
            "through the class",
        ),
    ),
    "TC101": (
        _valid(
            """

class Residual:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,), dtype=f32)

    def apply(self, x: tr.Tensor[f32]) -> None:
        copy(self.out.partition((64,)), x).sync()


def main() -> None:
    r = Residual(128)
    other = Residual(128)
    r.apply(tr.ones((128,), dtype=f32))
    r.apply(other.out)
    print(r.out.to_numpy()[:2])


main()
""",
            'the method writes its own output and reads another instance"s',
        ),
    ),
    "TC103": (
        _valid(
            """

class Stager:
    def __init__(self, n: int) -> None:
        self.host = tr.zeros((n,), dtype=f32)
        self.dev = tr.zeros((n,), dtype=f32)
        self.pending: tr.Pending | None = None

    def push(self, data: np.ndarray) -> None:
        if self.pending is not None:
            self.pending.wait()
        self.host.copy_from(data)
        self.pending = copy(self.dev.partition((64,)), self.host).submit()

    def drain(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


def main() -> None:
    s = Stager(128)
    s.push(np.ones(128, np.float32))
    s.push(np.zeros(128, np.float32))
    s.drain()
    print(s.dev.to_numpy()[:2])


main()
""",
            "the method waits the previous copy before it refills the staging buffer",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        _invalid(
            """

class Smoother:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,), dtype=f32)

    @classmethod
    def default(cls) -> Smoother:
        return cls(128)

    def __call__(self, x: tr.Tensor[f32]) -> tr.Pending:
        return copy(self.buf.partition((64,)), x).submit()  # TC108


def main() -> None:
    s = Smoother.default()
    s(tr.ones((128,), dtype=f32))
    print("done")

""",
            "`Smoother.default()` (a classmethod returning `cls(...)`) makes an instance: the "
            "Pending its `__call__` returns is dropped by the caller (at the submit, inside)",
            typed=False,
        ),
        _invalid(
            """

class Decoder:
    def __init__(self, n: int) -> None:
        self.logits = tr.zeros((n,), dtype=f32)

    @classmethod
    def sized(cls, n: int) -> Decoder:
        if n <= 0:
            raise ValueError(n)
        return cls(n)

    def step(self, k: float) -> tr.Pending:
        return scale(self.logits.partition((64,)), k).submit()  # TC108


def main() -> None:
    d = Decoder.sized(128)
    for _ in range(2):
        d.step(0.5)

""",
            "a factory with a guard and an argument; the Pending of `step` dropped in a loop",
            typed=False,
        ),
    ),
    "TC109": (
        _invalid(
            """

class Engine:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,), dtype=f32)
        self.tiles = self.split(self.out)

    @staticmethod
    def split(t: tr.Tensor[f32]) -> tr.Partition[f32]:
        return t.partition((64,))

    def clear(self) -> None:
        scale(self.tiles, 0.0).sync()

    def run(self, x: tr.Tensor[f32]) -> None:
        copy(self.tiles, x).sync()  # TC109


def main() -> None:
    e = Engine(128)
    e.clear()
    e.run(tr.ones((128,), dtype=f32))

""",
            "`__init__` keeps a static method's partition (`self.split(self.out)`): a second "
            'method"s launch consumes it again',
            typed=False,
        ),
        _invalid(
            """

def halves(t: tr.Tensor[f32]) -> tr.Partition[f32]:
    return t.partition((t.shape[0] // 2,))


class Accumulator:
    def __init__(self, n: int) -> None:
        self.acc = tr.zeros((n,), dtype=f32)
        self.parts = halves(self.acc)

    def add(self, x: tr.Tensor[f32]) -> None:
        copy(self.parts, x).sync()  # TC109


def main() -> None:
    a = Accumulator(128)
    for _ in range(2):
        a.add(tr.ones((128,), dtype=f32))

""",
            "a module function that returns a partition, kept in `__init__`: the loop's "
            "second call consumes it again",
            typed=False,
        ),
        _invalid(
            """

class Mixer:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,), dtype=f32)
        self.plan = Mixer.rows(self.out)

    @staticmethod
    def rows(t: tr.Tensor[f32]) -> tr.Partition[f32]:
        return t.partition((32,))

    def __call__(self, k: float) -> None:
        scale(self.plan, k).sync()  # TC109


def main() -> None:
    m = Mixer(128)
    m(2.0)
    m(3.0)

""",
            "the static method called through the class (`Mixer.rows(...)`), consumed again "
            "by a second `__call__`",
            typed=False,
        ),
    ),
    "TC101": (
        _invalid(
            """

class Residual:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,), dtype=f32)

    def apply(self, x: tr.Tensor[f32]) -> None:
        copy(self.out.partition((64,)), x).sync()  # TC101


def main() -> None:
    r = Residual(128)
    r.apply(tr.ones((128,), dtype=f32))
    r.apply(r.out)

""",
            "`r.apply(r.out)`: the method writes `self.out` and reads its parameter, the same "
            "tensor (at the launch, inside)",
            typed=False,
        ),
        _invalid(
            """

class Broadcaster:
    def __init__(self, n: int) -> None:
        self.src = tr.ones((n,), dtype=f32)

    def into(self, dst: tr.Tensor[f32]) -> None:
        copy(dst.partition((64,)), self.src).sync()  # TC101


def main() -> None:
    b = Broadcaster(128)
    b.into(tr.zeros((128,), dtype=f32))
    b.into(b.src)

""",
            "the reverse: the parameter written, the attribute read, `b.into(b.src)`",
            typed=False,
        ),
    ),
    "TC103": (
        _invalid(
            """

class Stager:
    def __init__(self, n: int) -> None:
        self.host = tr.zeros((n,), dtype=f32)
        self.pending: list[tr.Pending] = []

    def push(self, data: np.ndarray) -> None:
        self.host.copy_from(data)  # TC103
        dev = tr.zeros((128,), dtype=f32)
        self.pending.append(copy(dev.partition((64,)), self.host).submit())

    def drain(self) -> None:
        for p in self.pending:
            p.wait()


def main() -> None:
    s = Stager(128)
    s.push(np.ones(128, np.float32))
    s.push(np.zeros(128, np.float32))
    s.drain()

""",
            "a method writes its staging buffer and then submits a copy reading it: the "
            "second call writes it while the first copy still reads (at the write, inside, "
            "its first use that the runtime refuses)",
            typed=False,
        ),
        _invalid(
            """

class Feeder:
    def __init__(self, n: int) -> None:
        self.staging = tr.zeros((n,), dtype=f32)
        self.outs = [tr.zeros((n,), dtype=f32) for _ in range(2)]
        self.flights: list[tr.Pending] = []

    def feed(self, i: int, batch: np.ndarray) -> None:
        print(self.staging.to_numpy()[:1])
        self.staging.copy_from(batch)  # TC103
        self.flights.append(copy(self.outs[i % 2].partition((64,)), self.staging).submit())


def main() -> None:
    f = Feeder(128)
    for i in range(3):
        f.feed(i, np.full(128, i, np.float32))
    for p in f.flights:
        p.wait()

""",
            "as above in a loop, after a host read of the buffer the in-flight copy allows",
            typed=False,
        ),
    ),
}
