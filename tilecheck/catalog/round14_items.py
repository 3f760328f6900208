"""Examples of round 14C of issue 17 (the seventh held-out set's K3, K5 and K7 classes):
``pop(0)`` of a dict comprehension keyed by ``enumerate``'s counter takes that key's item only
(the others' partitions stay alive); a capture's refusals made through calls it cannot see
as calls (a ``@contextmanager`` body run by ``with``, a callback a helper calls inside its own
capture, ``s.record()`` on a ``tr.Stream`` parameter); and an op a function makes on every
call but runs only under a test of a parameter that a call makes false. The VALID ones run
clean and must stay silent; the INVALID ones are real errors (the interpreter raises, or
warns, at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC104": (
        valid(
            """

def main() -> None:
    slots = [tr.zeros((256,)) for _ in range(3)]
    reserved = {i: s.partition((64,)) for i, s in enumerate(slots)}
    scale(reserved.pop(0), 2.0).sync()
    print(slots[0].to_numpy())
    scale(reserved.pop(1), 2.0).sync()
    scale(reserved.pop(2), 2.0).sync()
    print(all(s.to_numpy()[0] >= 0.0 for s in slots))
""",
            "each key popped and its partition consumed: every slot of the three is free",
        ),
    ),
    "TC111": (
        valid(
            """
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def timer(s: tr.Stream) -> Iterator[None]:
    ev = s.record()
    yield
    ev.elapsed_ms(s.record())


def capture(make: Callable[[], list[tr.Op]]) -> tr.Graph:
    with tr.graph() as g:
        for op in make():
            g.record(op)
    return g


def main() -> None:
    y = tr.zeros((256,))
    with timer(tr.current_stream()):
        gr = capture(lambda: [scale(y.partition((64,)), 2.0)])
    gr.launch().wait()
    gr.close()
""",
            "the timer's events are recorded around the capture, not inside it, and the "
            "callback only makes the op the helper records",
        ),
    ),
    "TC105": (
        valid(
            """

def maybe_copy(dst: tr.Tensor, src: tr.Tensor, step: int) -> None:
    op = copy(dst.partition((64,)), src)
    if step % 2 == 0:
        op.submit().wait()


def main() -> None:
    snap, w = tr.zeros((256,)), tr.ones((256,))
    for step in range(0, 8, 2):
        maybe_copy(snap, w, step)
    print(snap.to_numpy())
""",
            "every step the loop gives is even: the op runs on every call",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC104": (
        invalid(
            """

def main() -> None:
    slots = [tr.zeros((256,)) for _ in range(3)]
    reserved = {i: s.partition((64,)) for i, s in enumerate(slots)}
    scale(reserved.pop(0), 2.0).sync()
    print(all(s.to_numpy()[0] >= 0.0 for s in slots))  # TC104
""",
            "`pop(0)` takes slot 0's partition: slots 1 and 2 are still partitioned",
            typed=False,  # dict items by key: beyond the mypy plugin's types
        ),
    ),
    "TC111": (
        invalid(
            """
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def timer(s: tr.Stream) -> Iterator[None]:
    ev = s.record()  # TC111
    yield
    ev.elapsed_ms(s.record())


def main() -> None:
    y = tr.zeros((256,))
    with tr.graph() as g:
        with timer(tr.current_stream()):
            g.record(scale(y.partition((64,)), 2.0))
    g.launch().wait()
    g.close()
""",
            "the `@contextmanager` body runs at the `with`, inside the capture: it records an "
            "event there",
            typed=False,  # a generator run by `with`: beyond the mypy plugin
        ),
        invalid(
            """
from collections.abc import Callable


def capture(make: Callable[[], list[tr.Op]]) -> tr.Graph:
    with tr.graph() as g:
        for op in make():
            g.record(op)
    return g


u = tr.zeros((256,))
v = tr.zeros((256,))


def make() -> list[tr.Op]:
    warm = scale(u.partition((64,)), 2.0)
    warm.sync()  # TC111
    return [scale(v.partition((64,)), 2.0)]


def main() -> None:
    gr = capture(make)
    gr.launch().wait()
    gr.close()
""",
            "the helper calls its callback inside its own capture: the function given syncs "
            "an op there",
            typed=False,  # a callback parameter: beyond the mypy plugin
        ),
    ),
    "TC105": (
        invalid(
            """

def maybe_copy(dst: tr.Tensor, src: tr.Tensor, step: int) -> None:
    op = copy(dst.partition((64,)), src)  # TC105
    if step % 2 == 0:
        op.submit().wait()


def main() -> None:
    snap, w = tr.zeros((256,)), tr.ones((256,))
    for step in range(1, 5):
        maybe_copy(snap, w, step)
    print(snap.to_numpy())
""",
            "steps 1 and 3 make the op and drop it unrun",
            typed=False,  # values of a parameter: beyond the mypy plugin
        ),
    ),
}
