"""Examples of round 20C of issue 17: asyncio tasks and ``functools`` memos.

A task made by ``asyncio.create_task`` starts at its creator's next suspension and runs up to
its own first ``await``; ``asyncio.gather`` starts its coroutines in order the same way. An op
a caller passes is awaited again by an ``async def`` (in a loop, or twice). A memoized
function (``functools.cache``/``lru_cache``) runs its body on its first call and gives that
object again on later calls with the same arguments; a ``cached_property`` keeps its value on
the instance. The VALID ones run clean and must stay silent; the INVALID ones raise at the
marked line."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_TASK = """
import asyncio


async def produce(buf: Tensor[f32]) -> None:
    pend = scale(buf.partition((8,)), 2.0).submit()
    await asyncio.sleep(0)
    await pend


async def main() -> None:
    buf = tr.ones((32,))
    task = asyncio.create_task(produce(buf))
    await asyncio.sleep(0)
    {between}
    await task
    print(buf.to_numpy().sum())
"""

_GATHER = """
import asyncio


async def produce(buf: Tensor[f32]) -> None:
    pend = scale(buf.partition((8,)), 2.0).submit()
    await asyncio.sleep(0)
    await pend


async def peek(buf: Tensor[f32]) -> float:
    return float(buf.to_numpy().sum()){mark}


async def main() -> None:
    buf = tr.ones((32,))
    await asyncio.gather({order})
"""

_AWAITED_AGAIN = """
import asyncio


async def run_checked(op: tr.Op, out: Tensor[f32]) -> float:
    for _attempt in range(2):
        await op{mark}
        if float(out.to_numpy().sum()) {test}:
            {leave}
    return float(out.to_numpy().sum())


async def main() -> None:
    out = tr.ones((32,))
    print(await run_checked(scale(out.partition((8,)), 2.0), out))
"""

_AWAITED_ONCE = """
import asyncio


async def run_once(op: tr.Op, out: Tensor[f32]) -> float:
    await op
    return float(out.to_numpy().sum())


async def main() -> None:
    out = tr.ones((32,))
    print(await run_once(scale(out.partition((8,)), 2.0), out))
    print(await run_once(scale(out.partition((8,)), 0.5), out))
"""

_MEMO_SCRATCH = """
import functools


@functools.cache
def scratch(n: int) -> Tensor[f32]:
    return tr.zeros((n,)){mark}


def main() -> None:
    x = tr.ones((32,))
    {before}
    with tr.graph() as g:
        tmp = scratch(32)
        g.record(copy(tmp.partition((8,)), x))
    g.launch().wait()
    g.close()
"""

_MEMO_TILES = """
import functools

BUF = tr.ones((32,))


@functools.lru_cache(maxsize=4)
def tiles_of(rows: int) -> tr.Partition[f32]:
    return BUF.partition((rows,))


def main() -> None:
    for step in range(2):
        scale(tiles_of({rows}), float(step)).sync(){mark}
"""

_MEMO_ARRAY = """
import functools

import numpy as np
import numpy.typing as npt


@functools.lru_cache(maxsize=4)
def workspace(n: int) -> npt.NDArray[np.float32]:
    return np.zeros(n, dtype=np.float32)


def main() -> None:
    {launch}
    print(workspace(32).sum())
"""

_CACHED_PLAN = """
import functools


class Telemetry:
    def __init__(self, n: int) -> None:
        self.counts = tr.ones((n,))

    @functools.cached_property
    def plan(self) -> tr.Partition[f32]:
        return self.counts.partition((8,))

    def total(self) -> float:
        return float(self.counts.to_numpy().sum()){mark}


def main() -> None:
    tele = Telemetry(32)
    {use}
    print(tele.total())
"""


def _case(shape: str, **parts: str) -> str:
    for key, text in parts.items():
        shape = shape.replace("{" + key + "}", text)
    return shape.replace("{mark}", "")


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(_TASK, between="print('started')"),
            "a task's op in flight while the creator prints, read after the task is awaited",
        ),
        valid(
            _case(_GATHER, order="peek(buf), produce(buf)"),
            "gathered coroutines start in order: the read runs before the other submits",
        ),
    ),
    "TC110": (
        valid(
            _case(_AWAITED_ONCE),
            "the op a caller passes awaited once by each call, a new op each",
        ),
    ),
    "TC111": (
        valid(
            _case(_MEMO_SCRATCH, before="scratch(32)"),
            "a cached scratch tensor made before the capture is the one the capture gets",
        ),
    ),
    "TC109": (
        valid(
            _case(_MEMO_TILES, rows="step * 4 + 4"),
            "a cache asked with other arguments each time: a new partition each",
        ),
    ),
    "TC106": (
        valid(
            _case(
                _MEMO_ARRAY,
                launch="scale(tr.from_dlpack(workspace(32)).partition((8,)), 2.0).sync()",
            ),
            "a cached numpy buffer imported as a tensor first",
        ),
    ),
    "TC104": (
        valid(
            _case(_CACHED_PLAN, use="scale(tele.plan, 2.0).sync()"),
            "the cached partition consumed before the counts are read",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(_TASK, between="print(buf.to_numpy().sum())  # TC102"),
            "the task started at the sleep submitted; its op is in flight at the read",
        ),
        invalid(
            _case(_GATHER, order="produce(buf), peek(buf)", mark="  # TC102"),
            "the first gathered coroutine submits and suspends; the second reads in flight",
        ),
    ),
    "TC110": (
        invalid(
            _case(_AWAITED_AGAIN, test="> 1e9", leave="return 0.0", mark="  # TC110"),
            "the op a caller passes awaited again on the loop's next attempt",
        ),
    ),
    "TC111": (
        invalid(
            _case(_MEMO_SCRATCH, before="pass", mark="  # TC111"),
            "the cache's first call comes inside the capture: it allocates there",
        ),
    ),
    "TC109": (
        invalid(
            _case(_MEMO_TILES, rows="8", mark="  # TC109"),
            "the cache gives the same partition again: consumed by the first launch",
        ),
    ),
    "TC106": (
        invalid(
            _case(_MEMO_ARRAY, launch="scale(workspace(32), 2.0).sync()  # TC106"),
            "a cached numpy buffer given for a Mutable parameter",
        ),
    ),
    "TC104": (
        invalid(
            _case(_CACHED_PLAN, use="print(tele.plan.num_tiles)", mark="  # TC104"),
            "the cached partition stays on the instance, alive, when the counts are read",
        ),
    ),
}
