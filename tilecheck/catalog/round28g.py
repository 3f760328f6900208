"""Examples of round 28G of issue 17 (a called function's effects on the module's globals,
``tilecheck.host.global_effects``): a function that launches on a global tensor and keeps the
Pending in a name it declares ``global`` (the caller's later read of that tensor, in the
function that reads it, is TC102 until a function that waits the global has run), the same
from a ``main()``, a helper returning a Pending that borrows a global; ``asyncio.run(drain())``
of a coroutine that awaits the module's op, and a function that runs it through another
(a later run is TC110); ``type(self)`` in a method, which no longer hides the method's reads
of its receiver's attributes (TC104); objects a class body makes (``scratch = tr.zeros(n)``,
``plan = POOL.partition(s)``), shared by every instance (TC102, TC109); an attribute made by a
helper that returns a new tensor (``self.out = buffer(n)``). The VALID ones run clean and must
stay silent; the INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_GLOBAL_PENDING = """
STATE = tr.zeros((32,))
PENDING: tr.Pending | None = None


def launch(a: float) -> None:
    global PENDING
    PENDING = scale(STATE.partition((8,)), a).submit()


def flush() -> None:
    global PENDING
    if PENDING is not None:
        PENDING.wait()
        PENDING = None


def report() -> float:
    return float(STATE.to_numpy().sum()){mark}


{calls}
"""

_RETURNED = """
ACC = tr.zeros((16,))


def start(a: float) -> tr.Pending:
    return scale(ACC.partition((8,)), a).submit()


pending = start(2.0)
{calls}
"""

_MODULE_OP = """
import asyncio

OUT = tr.zeros((32,))
OP = scale(OUT.partition((8,)), 2.0)


async def drain() -> None:
    await OP{mark}


def finish() -> None:
    OP.sync(){inner}


def run() -> None:
    print("running")
    finish()


{calls}
"""

_STAGE = """

class Stage:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,))
        self.plan = self.buf.partition((8,))

    def summary(self) -> str:
        return f"{{type(self).__name__}}: {{self.buf.to_numpy().sum()}}"{mark}

    def run(self, a: float) -> None:
        scale(self.plan, a).sync()


stage = Stage(32)
{calls}
"""


_SHARED = """

class Head:
    scratch = tr.zeros((32,))

    def __init__(self, a: float) -> None:
        self.a = a{own}

    def start(self) -> tr.Pending:
        return scale(Head.scratch.partition((8,)), self.a).submit()

    def peek(self) -> float:
        return float(self.scratch.to_numpy().sum()){mark}


first, second = Head(0.5), Head(2.0)
pending = first.start()
{calls}
"""

_SHARED_PLAN = """
POOL = tr.zeros((32,))


class Writer:
    plan = POOL.partition((8,))

    def __init__(self, a: float) -> None:
        self.a = a

    def write(self) -> None:
        scale(self.plan, self.a).sync(){mark}


{calls}
"""


_MADE = """

def buffer(n: int) -> Tensor[f32]:
    return tr.zeros((n,))


class Accum:
    def __init__(self, n: int) -> None:
        self.out = buffer(n)

    def start(self) -> tr.Pending:
        return scale(self.out.partition((8,)), 2.0).submit()

    def peek(self) -> float:
        return float(self.out.to_numpy()[0]){mark}


acc = Accum(16)
pending = acc.start()
{calls}
"""


def _pending(mark: str = "", calls: str = "") -> str:
    return _GLOBAL_PENDING.format(mark=mark, calls=calls)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _pending(calls="launch(2.0)\nflush()\nprint(report())"),
            "a function keeps its Pending in a global; another waits it before the read",
        ),
        valid(
            _pending(
                calls="def main() -> None:\n    launch(2.0)\n    flush()\n    print(report())"
            ),
            "the same from main(): the global waited before the read",
        ),
        valid(
            _pending(
                calls="for step in range(3):\n    launch(2.0)\n    flush()\n    print(report())"
            ),
            "launched and flushed each turn of a loop, read after the flush",
        ),
        valid(
            _RETURNED.format(calls="pending.wait()\nprint(ACC.to_numpy().sum())"),
            "a helper's Pending on a global tensor waited before the global is read",
        ),
        valid(
            _MADE.format(mark="", calls="pending.wait()\nprint(acc.peek())"),
            "an attribute made by a helper returning a new tensor, read after the wait",
        ),
        valid(
            _SHARED.format(own="", mark="", calls="pending.wait()\nprint(second.peek())"),
            "one instance writes the class body's tensor; another reads it after the wait",
        ),
        valid(
            _SHARED.format(
                own="\n        self.scratch = tr.zeros((32,))",
                mark="",
                calls="print(second.peek())\npending.wait()",
            ),
            "each instance's own tensor shadows the class body's: the read is of another",
        ),
    ),
    "TC109": (
        valid(
            _SHARED_PLAN.format(mark="", calls="Writer(2.0).write()\nprint(POOL.to_numpy()[0])"),
            "a partition of the class body consumed once, by one instance's launch",
        ),
    ),
    "TC104": (
        valid(
            _STAGE.format(mark="", calls="stage.run(2.0)\nprint(stage.summary())"),
            "type(self) in a method reading the buffer after the plan was consumed",
        ),
    ),
    "TC110": (
        valid(
            _MODULE_OP.format(mark="", inner="", calls="asyncio.run(drain())"),
            "asyncio.run of a coroutine awaiting the module's op, once",
        ),
        valid(
            _MODULE_OP.format(mark="", inner="", calls="run()"),
            "a function that runs the module's op through another, called once",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _pending("  # TC102", "launch(2.0)\nprint(report())\nflush()"),
            "a function keeps its Pending on a global tensor in a global: the read runs first",
        ),
        invalid(
            _pending(
                "  # TC102",
                "def main() -> None:\n    launch(2.0)\n    print(report())\n    flush()",
            ),
            "the same from main(): its read of the global comes before the flush",
        ),
        invalid(
            _RETURNED.format(calls="print(ACC.to_numpy().sum())  # TC102\npending.wait()"),
            "a helper returns a Pending on a global tensor; the caller reads the global first",
        ),
        invalid(
            _MADE.format(mark="  # TC102", calls="print(acc.peek())\npending.wait()"),
            "an attribute made by a helper returning a new tensor, read while written",
        ),
        invalid(
            _SHARED.format(own="", mark="  # TC102", calls="print(second.peek())\npending.wait()"),
            "one instance writes the class body's tensor; another reads it while in flight",
        ),
        invalid(
            _SHARED.format(
                own="", mark="", calls="print(Head.scratch.to_numpy()[0])  # TC102\npending.wait()"
            ),
            "the class body's tensor read by module code while a method's op writes it",
        ),
    ),
    "TC109": (
        invalid(
            _SHARED_PLAN.format(mark="  # TC109", calls="Writer(1.0).write()\nWriter(2.0).write()"),
            "a partition of the class body, shared by every instance: the second launch raises",
        ),
        invalid(
            _SHARED_PLAN.format(
                mark="  # TC109", calls="for a in (1.0, 2.0):\n    w = Writer(a)\n    w.write()"
            ),
            "the same in a loop: the second turn's launch gets the consumed partition",
        ),
    ),
    "TC104": (
        invalid(
            _STAGE.format(mark="  # TC104", calls="print(stage.summary())\nstage.run(2.0)"),
            "type(self) in a method does not hide its read of a partitioned attribute",
        ),
    ),
    "TC110": (
        invalid(
            _MODULE_OP.format(mark="", inner="", calls="asyncio.run(drain())\nOP.sync()  # TC110"),
            "asyncio.run of a coroutine that awaits the module's op, then the op synced again",
        ),
        invalid(
            _MODULE_OP.format(mark="", inner="", calls="run()\nOP.sync()  # TC110"),
            "a function runs the module's op through another; module code syncs it again",
        ),
    ),
}
