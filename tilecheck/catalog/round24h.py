"""Examples of round 24H of issue 17 (reads of in-flight tensors through objects, callbacks and
partials): a bound method given to ``.then`` that reads its receiver's attribute while the
chained op writes it; ``with Cls(...) as name`` whose ``__enter__`` returns ``self`` after
submitting a write of an attribute, read in the block; a graph ``__init__`` made
(``self.g = tr.Graph()``) that a method captures a write in, read before it is closed; and a
``functools.partial`` of a function that reads its argument, called while that is written. The
VALID ones run clean and must stay silent; the INVALID ones are real errors (the interpreter
raises BorrowError at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_THEN = """

class Probe:
    def __init__(self, watched: tr.Tensor) -> None:
        self.watched = watched
        self.seen: list[float] = []

    def after(self, part: tr.Partition, *_: object) -> tr.Op:
        self.seen.append(float(self.watched.to_numpy()[0])){mark}
        return scale(part, 0.5)


def main() -> None:
    out = tr.ones((32,))
    probe = Probe({watched})
    scale(out.partition((8,)), 4.0).then(probe.after).sync()
    print(probe.seen, out.to_numpy()[0])
"""

_ENTER = """

class Prefetch:
    def __init__(self, src: tr.Tensor) -> None:
        self.src = src
        self.buf = tr.zeros((32,))

    def __enter__(self) -> "Prefetch":
        self.pend = copy(self.buf.partition((8,)), self.src).submit()
        return self

    def ready(self) -> tr.Tensor:
        self.pend.wait()
        return self.buf

    def __exit__(self, *exc: object) -> None:
        self.pend.wait()


def main() -> None:
    with Prefetch(tr.ones((32,))) as pf:
        total = float({read}.to_numpy().sum()){mark}
    print(total, float(pf.buf.to_numpy().sum()))
"""

_GRAPH = """

class Projection:
    def __init__(self) -> None:
        self.x = tr.ones((32,))
        self.out = tr.zeros((32,))
        self.g = tr.Graph()

    def capture(self) -> None:
        with self.g:
            self.g.record(copy(self.out.partition((8,)), self.x))

    def release(self) -> None:
        self.g.close()


def main() -> None:
    proj = Projection()
    proj.capture()
    proj.g.launch().wait()
    {first}
    {second}
"""

_PARTIAL = """from functools import partial


def peek(t: tr.Tensor, k: int) -> float:
    return float(t.to_numpy()[k]){mark}


def main() -> None:
    w = tr.ones((32,))
    probe = partial(peek, w)
    seen = []
    for _ in range(2):
        pend = scale(w.partition((8,)), 2.0).submit()
        {body}
    print(seen)
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _THEN.format(mark="", watched="tr.full((32,), 2.0)"),
            "a bound method as a `.then` callback reads an attribute the chain does not write",
        ),
        valid(
            _ENTER.format(mark="", read="pf.ready()"),
            "`__enter__` returns `self` after a submit; the block reads through a method that "
            "waits first",
        ),
        valid(
            _GRAPH.format(first="proj.release()", second="print(proj.out.to_numpy()[0])"),
            "a graph `__init__` made, captured by a method, closed by another before the read",
        ),
        valid(
            _PARTIAL.format(mark="", body="pend.wait()\n        seen.append(probe(0))"),
            "a `partial` of a reading helper called after the write is waited",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _THEN.format(mark="  # TC102", watched="out"),
            "a bound method as a `.then` callback reads its receiver's tensor the chained op "
            "writes",
            typed=False,  # a callback's reads: beyond the mypy plugin's types
        ),
        invalid(
            _ENTER.format(mark="  # TC102", read="pf.buf"),
            "`with Prefetch(...) as pf`: `__enter__` returns `self` with a write of `pf.buf` "
            "in flight, read in the block",
            typed=False,  # attributes across methods: beyond the mypy plugin's types
        ),
        invalid(
            _GRAPH.format(first="print(proj.out.to_numpy()[0])  # TC102", second="proj.release()"),
            "a graph `__init__` made holds what a method captured in it: read before it is closed",
            typed=False,  # attributes across methods: beyond the mypy plugin's types
        ),
        invalid(
            _PARTIAL.format(mark="  # TC102", body="seen.append(probe(0))\n        pend.wait()"),
            "a `partial` of a helper that reads its argument, called while that is written",
            typed=False,  # a partial's arguments: beyond the mypy plugin's types
        ),
    ),
}
