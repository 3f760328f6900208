"""Examples of round 20A of issue 17 (the exit half of ``with``): a ``@contextmanager`` function
with code after its ``yield`` runs that code when the block ends (``tilecheck.host.managers``:
its body is built in place of the ``with``), and a class of the module with ``__enter__`` and
``__exit__`` runs those methods at the block's start and end (``tilecheck.host.with_exits``).
A manager that waits, syncs or drops in its exit makes a use after the block fine and one inside
the block an error. The VALID ones run clean and must stay silent; the INVALID ones raise at
the marked line."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_WAITS_IN_FINALLY = """
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def running(op: tr.Op) -> Iterator[tr.Pending]:
    pending = op.submit()
    try:
        yield pending
    finally:
        pending.wait()


def main() -> None:
    out = tr.ones((32,))
    with running(scale(out.partition((8,)), 2.0)):
        {inside}
    print(out.to_numpy().sum())
"""

_WAITS_AFTER_YIELD = """
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def staged(t: Tensor[f32], by: float) -> Iterator[None]:
    job = scale(t.partition((8,)), by).submit()
    yield
    job.wait()


def main() -> None:
    out = tr.ones((32,))
    for step in range(2):
        with staged(out, float(step)):
            {inside}
        print(out.to_numpy().sum())
"""

_KEEPS_PARTITION = """
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def tiles(t: Tensor[f32]) -> Iterator[tr.Partition[f32]]:
    part = t.partition((8,))
    try:
        yield part
    finally:
        print("left")


def main() -> None:
    buf = tr.ones((32,))
    with tiles(buf) as part:
        {inside}
        scale(part, 2.0).sync()
    print(buf.to_numpy().sum())
"""

_CLASS_WAITS = """

class Launched:
    def __init__(self, out: Tensor[f32]) -> None:
        self.out = out
        self.pending: tr.Pending | None = None

    def __enter__(self) -> "Launched":
        self.pending = scale(self.out.partition((8,)), 2.0).submit()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


def main() -> None:
    out = tr.ones((32,))
    with Launched(out):
        {inside}
    print(out.to_numpy().sum())
"""

_CLASS_LENDS_TILES = """

class Scratch:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,))

    def __enter__(self) -> tr.Partition[f32]:
        return self.buf.partition((8,))

    def __exit__(self, *exc: object) -> None:
        print("returned")


def main() -> None:
    scratch = Scratch(32)
    with scratch as part:
        {inside}
        scale(part, 1.0).sync()
    print(scratch.buf.to_numpy().sum())
"""


def _case(shape: str, inside: str) -> str:
    return shape.replace("{inside}", inside)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(_WAITS_IN_FINALLY, 'print("overlapped host work")'),
            "a manager that waits in its `finally`: the read after the block is fine",
        ),
        valid(
            _case(_WAITS_AFTER_YIELD, "print(step)"),
            "a manager that waits after its `yield`, in a loop: each read after the block",
        ),
        valid(
            _case(_CLASS_WAITS, 'print("overlapped host work")'),
            "`__enter__` submits, `__exit__` waits: the read after the block is fine",
        ),
    ),
    "TC104": (
        valid(
            _case(_KEEPS_PARTITION, 'print("before the launch")'),
            "the yielded partition consumed by the block's launch, the read after the block",
        ),
        valid(
            _case(_CLASS_LENDS_TILES, 'print("before the launch")'),
            "`__enter__` lends a partition of the instance's buffer, consumed in the block",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(_WAITS_IN_FINALLY, "print(out.to_numpy().sum())  # TC102"),
            "the block reads what the manager's op still writes (it waits only at the exit)",
            typed=False,  # a context manager's body: beyond the mypy plugin's types
        ),
        invalid(
            _case(_WAITS_AFTER_YIELD, "print(out.to_numpy().sum())  # TC102"),
            "the block reads before the code after the `yield` waits",
            typed=False,  # a context manager's body: beyond the mypy plugin's types
        ),
        invalid(
            _case(_CLASS_WAITS, "print(out.to_numpy().sum())  # TC102"),
            "the block reads what `__enter__`'s op still writes; `__exit__` waits too late",
            typed=False,  # a context manager's methods: beyond the mypy plugin's types
        ),
    ),
    "TC104": (
        invalid(
            _case(_KEEPS_PARTITION, "print(buf.to_numpy().sum())  # TC104"),
            "the block reads the tensor while the yielded partition is alive",
            typed=False,  # a context manager's body: beyond the mypy plugin's types
        ),
        invalid(
            _case(_CLASS_LENDS_TILES, "print(scratch.buf.to_numpy().sum())  # TC104"),
            "the block reads the buffer `__enter__` lent a partition of",
            typed=False,  # a context manager's methods: beyond the mypy plugin's types
        ),
    ),
}
