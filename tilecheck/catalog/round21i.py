"""Examples of round 21I of issue 17: round 20's generators and asyncio tasks in other shapes.

A module-level loop over a module generator that has parameters to bind (or statements before
its loop) steps together with the generator's loop (``tilecheck.host.generators``: the
bindings and the loop made one ``if True:`` statement, so the module's statements keep their
numbers). The coroutines ``asyncio.gather`` runs that give the loop a turn first, by ``await
asyncio.sleep(0)``, resume before any that sleeps for a positive time (its timer's callback is
queued after them), so their next part runs while the others hold what they submitted
(``tilecheck.host.tasks``), and the module values a task's part reads are the caller's
globals. The VALID ones run clean and must stay silent; the INVALID ones raise at the marked
line."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_PLANS_READ_FIRST = """

from collections.abc import Iterator

calib = tr.ones((256,))


def plans(t: Tensor[f32], rounds: int) -> Iterator[tr.Partition]:
    for _ in range(rounds):
        yield t.partition((64,))


for r, plan in enumerate(plans(calib, 2)):
    peak = float(calib.to_numpy().max())  # TC104
    scale(plan, float(r)).sync()
"""

_PLANS_RUN_FIRST = """

from collections.abc import Iterator

calib = tr.ones((256,))


def plans(t: Tensor[f32], rounds: int) -> Iterator[tr.Partition]:
    for _ in range(rounds):
        yield t.partition((64,))


for r, plan in enumerate(plans(calib, 2)):
    scale(plan, float(r)).sync()
    peak = float(calib.to_numpy().max())
print(peak)
"""

_HALVES_READ_FIRST = """

from collections.abc import Iterator

bufs = [tr.ones((64,)) for _ in range(3)]


def halves(ts: list[Tensor[f32]]) -> Iterator[tr.Partition]:
    for t in ts:
        yield t.partition((32,))


for part in halves(bufs):
    print(bufs[0].to_numpy().sum())  # TC104
    scale(part, 2.0).sync()
"""

_HALVES_RUN_FIRST = """

from collections.abc import Iterator

bufs = [tr.ones((64,)) for _ in range(3)]


def halves(ts: list[Tensor[f32]]) -> Iterator[tr.Partition]:
    for t in ts:
        yield t.partition((32,))


for part in halves(bufs):
    scale(part, 2.0).sync()
    print(bufs[0].to_numpy().sum())
"""

_MONITOR_GLOBAL = """

import asyncio

logits = tr.ones((256,))


async def decode() -> None:
    pend = scale(logits.partition((64,)), 0.5).submit()
    await asyncio.sleep(0.01)
    pend.wait()


async def monitor() -> float:
    await asyncio.sleep(0)
    return float(logits.to_numpy().max())  # TC102


async def main() -> None:
    _, peak = await asyncio.gather(decode(), monitor())
    print(peak)
"""

_WATCH_PARAMETER = """

import asyncio


async def produce(buf: Tensor[f32]) -> None:
    pend = scale(buf.partition((8,)), 2.0).submit()
    await asyncio.sleep(0.05)
    await pend


async def watch(buf: Tensor[f32]) -> float:
    await asyncio.sleep(0)
    return float(buf.to_numpy().sum())  # TC102


async def main() -> None:
    buf = tr.ones((32,))
    print(await asyncio.gather(produce(buf), watch(buf)))
"""

_BOTH_YIELD = """

import asyncio

logits = tr.ones((256,))


async def decode() -> None:
    pend = scale(logits.partition((64,)), 0.5).submit()
    await asyncio.sleep(0)
    pend.wait()


async def monitor() -> float:
    await asyncio.sleep(0)
    return float(logits.to_numpy().max())


async def main() -> None:
    _, peak = await asyncio.gather(decode(), monitor())
    print(peak)
"""

_WATCH_LATER = """

import asyncio


async def produce(buf: Tensor[f32]) -> None:
    pend = scale(buf.partition((8,)), 2.0).submit()
    await asyncio.sleep(0.01)
    await pend


async def watch(buf: Tensor[f32]) -> float:
    await asyncio.sleep(0.2)
    return float(buf.to_numpy().sum())


async def main() -> None:
    buf = tr.ones((32,))
    print(await asyncio.gather(produce(buf), watch(buf)))
"""

_WAITED_FIRST = """

import asyncio

logits = tr.ones((256,))


async def decode() -> None:
    scale(logits.partition((64,)), 0.5).submit().wait()
    await asyncio.sleep(0.01)


async def monitor() -> float:
    await asyncio.sleep(0)
    return float(logits.to_numpy().max())


async def main() -> None:
    _, peak = await asyncio.gather(decode(), monitor())
    print(peak)
"""


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _BOTH_YIELD,
            "both gathered coroutines yield by sleep(0): the writer resumes first and waits "
            "(a writer's part after a sleep(0) is not followed: nothing is reported)",
        ),
        valid(
            _WATCH_LATER,
            "the reader sleeps longer than the writer, which waits before the read runs",
        ),
        valid(_WAITED_FIRST, "the writer waits its op before it sleeps: nothing is in flight"),
    ),
    "TC104": (
        valid(
            _PLANS_RUN_FIRST,
            "module-level loop over a generator with parameters: each partition is given to "
            "a launch before the buffer is read",
        ),
        valid(
            _HALVES_RUN_FIRST,
            "a generator over a list of tensors, each yielded partition launched before a read",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _MONITOR_GLOBAL,
            "a monitor coroutine yields by sleep(0), then reads the module's buffer the "
            "decode coroutine's op (sleeping 0.01 s) still writes",
        ),
        invalid(
            _WATCH_PARAMETER,
            "the same with the buffer passed to both coroutines",
        ),
    ),
    "TC104": (
        invalid(
            _PLANS_READ_FIRST,
            "module-level loop over a generator with parameters: the buffer read while the "
            "partition just yielded is alive",
        ),
        invalid(
            _HALVES_READ_FIRST,
            "a generator over a list of tensors: an item read while its partition is alive",
        ),
    ),
}
