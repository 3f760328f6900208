"""Examples of round 33A2 of issue 17 (the standard library's effects, second part): a function
that stores into an attribute or a constant key of a module-level holder (``ContextVar.set``,
a ``SimpleNamespace`` field, a module dict's item) leaves the value there for its caller and
later calls (``host.global_cells``); a function that names the holder may take it back;
``with contextlib.closing(x) as name:`` binds ``x`` and runs ``name.close()`` at its exit,
letting every exception go on (``host.with_exits``). The VALID ones run clean and must stay
silent; the INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
from contextvars import ContextVar

current: ContextVar[tr.Pending | None] = ContextVar("current", default=None)
out = tr.zeros((64,))


def start(x: Tensor[f32]) -> None:
    current.set(copy(out.partition((64,)), x).submit())


def finish() -> float:
    pending = current.get()
    if pending is not None:
        pending.wait()
        current.set(None)
    return float(out.to_numpy().max())


start(tr.ones((64,)))
print(finish())
""",
            "a ContextVar set in a function and read in another that waits before it reads",
        ),
        valid(
            """
import types

state = types.SimpleNamespace(pending=None)
out = tr.zeros((64,))


def start(x: Tensor[f32]) -> None:
    state.pending = copy(out.partition((64,)), x).submit()


start(tr.ones((64,)))
state.pending.wait()
print(out.to_numpy())
""",
            "a SimpleNamespace field a function stores into, waited at module level first",
        ),
        valid(
            """
inflight: dict[str, tr.Pending] = {}
out = tr.zeros((64,))


def start(x: Tensor[f32]) -> None:
    inflight["out"] = copy(out.partition((64,)), x).submit()


def main() -> None:
    start(tr.ones((64,)))
    inflight["out"].wait()
    print(out.to_numpy())
""",
            "a module dict a helper stores into, waited by its caller before the read",
        ),
        valid(
            """
inflight: dict[str, tr.Pending] = {}
out = tr.zeros((64,))


def start(x: Tensor[f32]) -> None:
    inflight["out"] = copy(out.partition((64,)), x).submit()


def finish() -> None:
    inflight.pop("out").wait()


start(tr.ones((64,)))
finish()
print(out.to_numpy())
""",
            "a function that names the holder (pops and waits what it holds) releases it",
        ),
        valid(
            """
import contextlib


class Stream:
    def __init__(self, out: Tensor[f32], x: Tensor[f32]) -> None:
        self.pending = copy(out.partition((64,)), x).submit()

    def close(self) -> None:
        self.pending.wait()


def main() -> None:
    out = tr.zeros((64,))
    with contextlib.closing(Stream(out, tr.ones((64,)))) as s:
        print(s)
    print(out.to_numpy())
""",
            "closing(x)'s exit runs x.close(), which waits the Pending before the read",
        ),
    ),
    "TC110": (
        valid(
            """
import contextlib


class Writer:
    def __init__(self, out: Tensor[f32], x: Tensor[f32]) -> None:
        self.flush_op = copy(out.partition((64,)), x)

    def flush(self) -> None:
        self.flush_op.sync()

    def close(self) -> None:
        self.flush_op.sync()


def main() -> None:
    out = tr.zeros((64,))
    with contextlib.closing(Writer(out, tr.ones((64,)))) as w:
        print(type(w).__name__)
    print(out.to_numpy())
""",
            "closing(x)'s exit runs x.close(), the op's one run",
        ),
        valid(
            """
import contextlib


class Writer:
    def __init__(self, out: Tensor[f32], x: Tensor[f32]) -> None:
        self.flush_op = copy(out.partition((64,)), x)

    def flush(self) -> None:
        self.flush_op.sync()

    def close(self) -> None:
        self.flush_op.sync()


def main() -> None:
    out = tr.zeros((64,))
    with contextlib.closing(Writer(out, tr.ones((64,)))) as w:
        pass
    print(out.to_numpy())
""",
            "the block reads nothing; the exit's close() runs the op once",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
from contextvars import ContextVar

current: ContextVar[tr.Pending | None] = ContextVar("current", default=None)
out = tr.zeros((64,))


def start(x: Tensor[f32]) -> None:
    current.set(copy(out.partition((64,)), x).submit())


def finish() -> float:
    value = float(out.to_numpy().max())  # TC102
    pending = current.get()
    if pending is not None:
        pending.wait()
    return value


start(tr.ones((64,)))
print(finish())
""",
            "a function's ContextVar.set of a Pending: a later function reads before it waits",
        ),
        invalid(
            """
import types

state = types.SimpleNamespace(pending=None)
out = tr.zeros((64,))


def start(x: Tensor[f32]) -> None:
    state.pending = copy(out.partition((64,)), x).submit()


start(tr.ones((64,)))
print(out.to_numpy())  # TC102
state.pending.wait()
""",
            "a function keeps a Pending in a module SimpleNamespace: the module reads first",
        ),
        invalid(
            """
inflight: dict[str, tr.Pending] = {}
out = tr.zeros((64,))


def start(x: Tensor[f32]) -> None:
    inflight["out"] = copy(out.partition((64,)), x).submit()


def main() -> None:
    start(tr.ones((64,)))
    print(out.to_numpy())  # TC102
    inflight["out"].wait()
""",
            "a helper stores a Pending in a module dict: its caller reads before waiting",
        ),
        invalid(
            """
import contextlib


class Stream:
    def __init__(self, out: Tensor[f32], x: Tensor[f32]) -> None:
        self.pending = copy(out.partition((64,)), x).submit()

    def close(self) -> None:
        self.pending.wait()


def main() -> None:
    out = tr.zeros((64,))
    with contextlib.closing(Stream(out, tr.ones((64,)))) as s:
        print(out.to_numpy())  # TC102
    print(s)
""",
            "the instance closing(x) gives keeps its Pending in flight inside the block",
        ),
    ),
    "TC110": (
        invalid(
            """
import contextlib


class Writer:
    def __init__(self, out: Tensor[f32], x: Tensor[f32]) -> None:
        self.flush_op = copy(out.partition((64,)), x)

    def flush(self) -> None:
        self.flush_op.sync()

    def close(self) -> None:
        self.flush_op.sync()  # TC110


def main() -> None:
    out = tr.zeros((64,))
    with contextlib.closing(Writer(out, tr.ones((64,)))) as w:
        w.flush()
    print(out.to_numpy())
""",
            "the block's flush() ran the op; closing(x)'s exit runs x.close(), a second run",
        ),
    ),
}
