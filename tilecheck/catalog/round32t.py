"""Examples of round 32T of issue 17 (where a body another party runs is placed among the
caller's statements, ``tilecheck.host.placements``): a thread's target run in phases cut at a
``threading.Barrier``'s or ``threading.Event``'s waits, each after the starter's matching
statement (``tilecheck.host.phases``); ``loop.run_in_executor(ex, f, ...)`` and
``executor.map(f, xs)`` calling ``f`` at the call; the arguments of ``atexit.register`` held
until the exit; ``asyncio.gather`` of coroutines run one after the other. The VALID ones run
clean and must stay silent; the INVALID ones are real errors (the interpreter raises at the
marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_BARRIER = """
import threading

turn = threading.Barrier(2)


def stage(out: Tensor[f32], x: Tensor[f32]) -> None:
    pending = copy(out.partition((8,)), x).submit()
    {worker}


def run() -> float:
    out, x = tr.zeros((16,)), tr.ones((16,))
    worker = threading.Thread(target=stage, args=(out, x))
    worker.start()
    turn.wait()
    value = float(out.to_numpy()[1]){mark}
    turn.wait()
    worker.join()
    return value


print(run())
"""
_LATE = "turn.wait()\n    turn.wait()\n    pending.wait()"
_EARLY = "pending.wait()\n    turn.wait()\n    turn.wait()"

_EVENT = """
import threading

ready = threading.Event()
buf = tr.zeros((16,))
seen: list[float] = []


def reader() -> None:
    ready.wait()
    seen.append(float(buf.to_numpy()[0])){mark}


t = threading.Thread(target=reader)
t.start()
p = copy(buf.partition((8,)), tr.ones((16,))).submit()
{order}
t.join()
"""

_LOOP = """
import asyncio


def peek(t: Tensor[f32]) -> float:
    return float(t.to_numpy()[0]){mark}


async def main() -> None:
    buf = tr.zeros((16,))
    p = copy(buf.partition((8,)), tr.ones((16,))).submit()
    {order}
    print(first)
"""
_RUN = "first = await asyncio.get_running_loop().run_in_executor(None, peek, buf)"

_MAP = """
from concurrent.futures import ThreadPoolExecutor


def total(t: Tensor[f32]) -> float:
    return float(t.to_numpy().sum()){mark}


outs = [tr.zeros((16,)), tr.zeros((16,))]
pend = [copy(o.partition((8,)), tr.ones((16,))).submit() for o in outs]
{order}
print(sums)
"""
_MAPPED = """with ThreadPoolExecutor(max_workers=2) as pool:
    sums = list(pool.map(total, outs))"""
_WAITS = "for p in pend:\n    p.wait()"

_AT_EXIT = """
import atexit

stats = tr.zeros((16,))
atexit.register({registered})
print(stats.to_numpy().sum()){mark}
"""

_GATHER = """
import asyncio


async def bump(plan: tr.Partition, by: float) -> None:
    await scale(plan, by){mark}


async def main() -> None:
    accs = [tr.zeros((16,)), tr.zeros((16,))]
    {plans}
"""
_SHARED = """shared = accs[0].partition((8,))
    await asyncio.gather(*[bump(shared, f) for f in [2.0, 3.0]])"""
_OWN = "await asyncio.gather(*(bump(a.partition((8,)), 2.0) for a in accs))"

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _BARRIER.format(worker=_EARLY, mark=""),
            "the worker waits its op before the barrier the reader passes",
        ),
        valid(
            _EVENT.format(mark="", order="p.wait()\nready.set()"),
            "the event is set after the wait: the thread reads after it",
        ),
        valid(
            _LOOP.format(mark="", order=f"await p\n    {_RUN}"),
            "the executor's call is made after the await",
        ),
        valid(
            _MAP.format(mark="", order=f"{_WAITS}\n{_MAPPED}"),
            "the pool maps the reads after the waits",
        ),
    ),
    "TC104": (
        valid(
            _AT_EXIT.format(registered="lambda: print('bye')", mark=""),
            "the exit callback holds nothing of the tensor",
        ),
    ),
    "TC109": (
        valid(
            _GATHER.format(mark="", plans=_OWN),
            "each gathered coroutine is given a partition of its own",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _BARRIER.format(worker=_LATE, mark="  # TC102"),
            "between the two barriers the worker's op is in flight",
            typed=False,
        ),
        invalid(
            _EVENT.format(mark="  # TC102", order="ready.set()\np.wait()"),
            "the event is set before the wait: the thread reads the buffer in flight",
            typed=False,
        ),
        invalid(
            _LOOP.format(mark="  # TC102", order=f"{_RUN}\n    await p"),
            "`run_in_executor` calls `peek` before the await",
            typed=False,
        ),
        invalid(
            _MAP.format(mark="  # TC102", order=f"{_MAPPED}\n{_WAITS}"),
            "`pool.map` calls `total` on buffers in flight",
            typed=False,
        ),
    ),
    "TC104": (
        invalid(
            _AT_EXIT.format(
                registered="lambda plan: scale(plan, 0.0).sync(), stats.partition((8,))",
                mark="  # TC104",
            ),
            "`atexit.register` holds the partition until the exit",
            typed=False,
        ),
    ),
    "TC109": (
        invalid(
            _GATHER.format(mark="  # TC109", plans=_SHARED),
            "the second gathered coroutine launches on the plan the first consumed",
            typed=False,
        ),
    ),
}
