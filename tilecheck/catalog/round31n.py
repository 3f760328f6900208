"""Examples of round 31N of issue 17 (the module's own generators and context managers as
interpreted bodies): a ``@contextmanager`` whose ``yield`` stands inside its own ``with
tr.graph()`` runs the caller's block inside that capture (TC111 there,
``tilecheck.flow.cfg``'s splice keeps the manager's open ``with`` items); ``gen.send(v)``
resumes a generator with ``v`` as its ``yield``'s value and runs its body to the next
``yield`` (``while True: v = yield; dst.copy_from(v)``: TC103 while an op reads ``dst``); a
generator that walks a list parameter (``for b in bufs: yield plan(b)``) and a generator
expression kept in a name (``(plan(b) for b in bufs)``) drawn by ``next`` give the k-th item's
element there (``tilecheck.host.resumed``, ``tilecheck.host.drawn_items``: TC104 while it is
alive). The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_CAPTURE = """
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def recording() -> Iterator[tr.Graph]:
    with tr.graph() as graph:
        yield graph


def scratch_like(t: Tensor[f32]) -> Tensor[f32]:
    return tr.zeros(t.shape){mark}


def build(out: Tensor[f32], x: Tensor[f32]) -> tr.Graph:
    with recording() as g:
        {body}
    return g


graph = build(tr.zeros((16,)), tr.ones((16,)))
graph.launch().wait()
graph.close()
"""

_FEEDER = """
from collections.abc import Generator

import numpy as np


def feeder(dst: Tensor[f32]) -> Generator[None, np.ndarray, None]:
    while True:
        values = yield
        dst.copy_from(values){mark}


weights = tr.ones((16,))
out = tr.zeros((16,))
feed = feeder(weights)
next(feed)
{calls}
print(out.to_numpy()[0])
"""

_WALKER = """
from collections.abc import Iterator


def plans(buffers: list[Tensor[f32]]) -> Iterator[tr.Partition[f32]]:
    for b in buffers:
        yield b.partition((8,))


acts = [tr.zeros((16,)) for _ in range(2)]
parts = plans(acts)
{calls}
"""

_DRAWN = """
acts = [tr.zeros((16,)) for _ in range(3)]
parts = (a.partition((8,)) for a in acts)
{calls}
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC103": (
        valid(
            _FEEDER.format(
                mark="",
                calls=(
                    "pend = copy(out.partition((8,)), weights).submit()\npend.wait()\n"
                    "feed.send(np.zeros(16, dtype=np.float32))"
                ),
            ),
            "a value sent to a generator that copies it into a tensor, after the op's wait",
        ),
    ),
    "TC104": (
        valid(
            _WALKER.format(
                calls=(
                    "first = next(parts)\nscale(first, 2.0).sync()\nprint(acts[0].to_numpy()[0])"
                ),
            ),
            "a list-walking generator's first plan launched before its buffer is read",
        ),
        valid(
            _DRAWN.format(
                calls=(
                    "head = next(parts)\nscale(head, 2.0).sync()\nprint(acts[0].to_numpy()[0])\n"
                    "for rest in parts:\n    scale(rest, 3.0).sync()\nprint(acts[2].to_numpy()[0])"
                ),
            ),
            "a generator expression's first plan drawn by next and launched, the rest walked",
        ),
    ),
    "TC111": (
        valid(
            _CAPTURE.format(mark="", body="g.record(copy(out.partition((8,)), x))"),
            "a manager's capture around its yield: the caller's block only records",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC103": (
        invalid(
            _FEEDER.format(
                mark="  # TC103",
                calls=(
                    "pend = copy(out.partition((8,)), weights).submit()\n"
                    "feed.send(np.zeros(16, dtype=np.float32))\npend.wait()"
                ),
            ),
            "a value sent to a generator that copies it into a tensor an op still reads",
        ),
    ),
    "TC104": (
        invalid(
            _WALKER.format(
                calls=(
                    "first = next(parts)\nscale(first, 2.0).sync()\nsecond = next(parts)\n"
                    "print(acts[1].to_numpy()[0])  # TC104\nscale(second, 2.0).sync()"
                ),
            ),
            "a list-walking generator's second plan alive while its buffer is read",
        ),
        invalid(
            _DRAWN.format(
                calls=(
                    "head = next(parts)\nprint(acts[0].to_numpy()[0])  # TC104\n"
                    "scale(head, 2.0).sync()"
                ),
            ),
            "a generator expression's first plan drawn by next, alive while its buffer is read",
        ),
    ),
    "TC111": (
        invalid(
            _CAPTURE.format(
                mark="  # TC111",
                body=(
                    "scratch = scratch_like(out)\n"
                    "        g.record(copy(out.partition((8,)), scratch))"
                ),
            ),
            "a manager's capture around its yield: the caller's block allocates inside it",
        ),
    ),
}
