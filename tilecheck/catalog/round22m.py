"""Examples of round 22M of issue 17: code that runs while a task's op is in flight.

A module coroutine awaited (``await peek()``) runs its body at once, up to its first
``await``: the module globals it reads there are read while what a started task submitted is
still in flight (``Closures.module_function_reads``). An ``asyncio.Event`` a gathered
coroutine's first part sets lets a coroutine gathered after it run past its opening ``await
ready.wait()`` (``tilecheck.host.task_gates``); a coroutine that resumes from ``sleep(0)`` into
``await pending`` waits in an executor thread, so the others resume with its op in flight. A
module-level ``for hook in hooks: hook()`` over a module list of callbacks runs them there
(``GlobalReads.loop_callbacks``). A ``Communicator``'s methods (``comm.all_reduce(t)``) are the
collectives; a test of a parameter's shape is decided by the tensor a call gives; a
``tr.Graph()`` entered by ``with g:`` captures as ``tr.graph()`` does. The VALID ones run clean
and must stay silent; the INVALID ones raise at the marked line."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_PEEK_AWAITED = """

import asyncio

acts = tr.ones((64,))


async def step() -> None:
    done = scale(acts.partition((16,)), 2.0).submit()
    await asyncio.sleep(0)
    await done


async def peek() -> float:
    return float(acts.to_numpy()[0])  # TC102


async def main() -> None:
    job = asyncio.create_task(step())
    await asyncio.sleep(0)
    first = await peek()
    await job
    print(first)
"""

_PEEK_AFTER_JOIN = """

import asyncio

acts = tr.ones((64,))


async def step() -> None:
    done = scale(acts.partition((16,)), 2.0).submit()
    await asyncio.sleep(0)
    await done


async def peek() -> float:
    return float(acts.to_numpy()[0])


async def main() -> None:
    job = asyncio.create_task(step())
    await asyncio.sleep(0)
    await job
    first = await peek()
    print(first)
"""

_PEEK_AS_TASK = """

import asyncio

acts = tr.ones((64,))


async def step() -> None:
    done = scale(acts.partition((16,)), 2.0).submit()
    await asyncio.sleep(0)
    done.wait()


async def peek() -> float:
    return float(acts.to_numpy()[0])


async def main() -> None:
    job = asyncio.create_task(step())
    await asyncio.sleep(0)
    later = asyncio.ensure_future(peek())
    await job
    print(await later)
"""

_EVENT_SET_EARLY = """

import asyncio

kv = tr.zeros((32,))


async def producer(ready: asyncio.Event, factor: float) -> None:
    pend = scale(kv.partition((8,)), factor).submit()
    ready.set()
    await asyncio.sleep(0)
    await pend


async def consumer(ready: asyncio.Event) -> float:
    await ready.wait()
    return float(kv.to_numpy().sum())  # TC102


async def main() -> None:
    ready = asyncio.Event()
    _, total = await asyncio.gather(producer(ready, 2.0), consumer(ready=ready))
    print(total)
"""

_EVENT_SET_AFTER_WAIT = """

import asyncio

kv = tr.zeros((32,))


async def producer(ready: asyncio.Event, factor: float) -> None:
    pend = scale(kv.partition((8,)), factor).submit()
    pend.wait()
    ready.set()
    await asyncio.sleep(0)


async def consumer(ready: asyncio.Event) -> float:
    await ready.wait()
    return float(kv.to_numpy().sum())


async def main() -> None:
    ready = asyncio.Event()
    _, total = await asyncio.gather(producer(ready, 2.0), consumer(ready))
    print(total)
"""

_EVENT_BUFFER_GIVEN = """

import asyncio


async def fill(buf: Tensor[f32], go: asyncio.Event) -> None:
    job = scale(buf.partition((8,)), 3.0).submit()
    go.set()
    await asyncio.sleep(0.01)
    await job


async def watch(buf: Tensor[f32], go: asyncio.Event) -> float:
    await go.wait()
    return float(buf.to_numpy().max())  # TC102


async def main() -> None:
    buf = tr.ones((16,))
    go = asyncio.Event()
    print(await asyncio.gather(fill(buf, go), watch(buf, go)))
"""

_EVENT_CLEARED = """

import asyncio

kv = tr.zeros((32,))


async def producer(ready: asyncio.Event) -> None:
    pend = scale(kv.partition((8,)), 2.0).submit()
    ready.set()
    ready.clear()
    await asyncio.sleep(0)
    pend.wait()
    ready.set()


async def consumer(ready: asyncio.Event) -> float:
    await ready.wait()
    return float(kv.to_numpy().sum())


async def main() -> None:
    ready = asyncio.Event()
    _, total = await asyncio.gather(producer(ready), consumer(ready))
    print(total)
"""

_AWAITED_IN_EXECUTOR = """

import asyncio

loss = tr.ones((64,))


async def update() -> None:
    job = scale(loss.partition((16,)), 0.5).submit()
    await asyncio.sleep(0)
    out = await job
    print(out)


async def report() -> None:
    await asyncio.sleep(0)
    print(loss.to_numpy().mean())  # TC102


async def run_all() -> None:
    await asyncio.gather(update(), report())


asyncio.run(run_all())
"""

_WAITED_ON_RESUME = """

import asyncio

loss = tr.ones((64,))


async def update() -> None:
    job = scale(loss.partition((16,)), 0.5).submit()
    await asyncio.sleep(0)
    job.wait()


async def report() -> None:
    await asyncio.sleep(0)
    print(loss.to_numpy().mean())


async def main() -> None:
    await asyncio.gather(update(), report())
"""

_HOOK_LAMBDA = """

state = tr.ones((32,))
hooks = []
hooks.append(lambda: print(state.to_numpy().sum()))  # TC102

for epoch in range(3):
    pend = scale(state.partition((8,)), 0.9).submit()
    for hook in hooks:
        hook()
    pend.wait()
"""

_HOOKS_AFTER_WAIT = """

state = tr.ones((32,))
hooks = []
hooks.append(lambda: print(state.to_numpy().sum()))

for epoch in range(3):
    pend = scale(state.partition((8,)), 0.9).submit()
    pend.wait()
    for hook in hooks:
        hook()
"""

_HOOKS_CLEARED = """

state = tr.ones((32,))
hooks = []


def show() -> None:
    print(state.to_numpy().sum())


hooks.append(show)
hooks.clear()
pend = scale(state.partition((8,)), 0.9).submit()
for hook in hooks:
    hook()
pend.wait()
"""

_HOOK_SECOND = """

state = tr.ones((32,))
log: list[float] = []
hooks: list = []


def count() -> None:
    log.append(1.0)


def show() -> None:
    log.append(float(state.to_numpy()[0]))  # TC102


hooks.append(count)
hooks.append(show)
pend = scale(state.partition((8,)), 0.9).submit()
for hook in hooks:
    hook()
pend.wait()
"""

_HOOK_APPENDED_LATER = """

state = tr.ones((32,))
hooks: list = []


def waiter() -> None:
    pass


def show() -> None:
    print(float(state.to_numpy()[0]))


hooks.append(waiter)
pend = scale(state.partition((8,)), 0.9).submit()
for hook in hooks:
    hook()
pend.wait()
hooks.append(show)
"""

_COMM_REDUCE_READ = """

import numpy as np

import tilert.distributed as dist
from tilert.distributed import Communicator
from tilert.distributed.testing import run_ranks


def rank(comm: Communicator) -> np.ndarray:
    grad = tr.full((8,), float(comm.rank + 1), dtype=f32)
    pend = comm.all_reduce(grad).submit()
    early = grad.to_numpy().copy()  # TC102
    pend.wait()
    return early


print(run_ranks(2, rank))
"""

_COMM_GATHER_INPUT_READ = """

import numpy as np

import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> np.ndarray:
    local = tr.full((4,), float(comm.rank), dtype=f32)
    full = tr.zeros((4 * comm.size,), dtype=f32)
    pend = comm.all_gather(full, local).submit()
    mine = local.to_numpy().copy()
    pend.wait()
    return np.concatenate([mine, full.to_numpy()])


print(run_ranks(2, rank))
"""

_SHAPE_GATE_DROPS = """



def maybe_halve(x: Tensor[f32]) -> None:
    op = scale(x.partition((8,)), 0.5)  # TC105
    if x.shape[0] >= 64:
        op.sync()


small = tr.ones((32,))
maybe_halve(small)
print(small.to_numpy().sum())
"""

_SHAPE_GATE_RUNS = """



def maybe_halve(x: Tensor[f32]) -> None:
    op = scale(x.partition((8,)), 0.5)
    if x.shape[0] >= 64:
        op.sync()


big = tr.ones((64,))
maybe_halve(big)
print(big.to_numpy().sum())
"""

_LAST_DIMENSION_GATE = """



def widen(grid: Tensor[f32], flag: int) -> None:
    op = scale(grid.partition((2, 4)), 2.0)  # TC105
    if grid.shape[-1] % 16 == 0:
        op.submit().wait()


def main() -> None:
    grid = tr.zeros((4, 8))
    widen(grid, 1)
"""

_GRAPH_OBJECT_READ = """



out = tr.zeros((8,))
g = tr.Graph()
with g:
    g.record(scale(out.partition((4,)), 2.0))
g.launch().wait()
print(out.reshape(2, 4).to_numpy())  # TC102
g.close()
"""

_GRAPH_OBJECT_CLOSED = """



out = tr.zeros((8,))
g = tr.Graph()
with g:
    g.record(scale(out.partition((4,)), 2.0))
g.launch().wait()
g.close()
print(out.reshape(2, 4).to_numpy())
"""

_GRAPH_OBJECT_REPLAYED = """



def replay(buf: Tensor[f32], times: int) -> float:
    graph = tr.Graph()
    with graph:
        graph.record(scale(buf.partition((4,)), 0.5))
    for _ in range(times):
        graph.launch().wait()
    total = float(buf.to_numpy().sum())  # TC102
    graph.close()
    return total


print(replay(tr.ones((16,)), 2))
"""

_GRAPH_OBJECT_CLOSED_FIRST = """



def replay(buf: Tensor[f32], times: int) -> float:
    graph = tr.Graph()
    with graph:
        graph.record(scale(buf.partition((4,)), 0.5))
    for _ in range(times):
        graph.launch().wait()
    graph.close()
    return float(buf.to_numpy().sum())


print(replay(tr.ones((16,)), 2))
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(_PEEK_AFTER_JOIN, "the task is awaited before the coroutine that reads runs"),
        valid(
            _PEEK_AS_TASK,
            "a coroutine wrapped in a task runs nothing where it is made, and the task waits "
            "its op synchronously when it resumes",
        ),
        valid(
            _EVENT_SET_AFTER_WAIT,
            "the producer waits its op before it sets the event the consumer waits for",
        ),
        valid(
            _EVENT_CLEARED,
            "the producer clears the event it set before it yields: the consumer waits on",
        ),
        valid(
            _WAITED_ON_RESUME,
            "the writer resumes first from sleep(0) and waits its op synchronously",
        ),
        valid(_HOOKS_AFTER_WAIT, "the hooks run after the wait"),
        valid(_HOOKS_CLEARED, "the list of hooks is cleared before the loop: nothing runs"),
        valid(
            _HOOK_APPENDED_LATER,
            "the hook that reads is appended after the loop that runs the hooks",
        ),
        valid(
            _COMM_GATHER_INPUT_READ,
            "a communicator's all-gather only reads its input, read on the host meanwhile",
        ),
        valid(
            _GRAPH_OBJECT_CLOSED, "a `tr.Graph()` entered by `with g:` is closed before the read"
        ),
        valid(_GRAPH_OBJECT_CLOSED_FIRST, "the same in a function, after replays"),
    ),
    "TC105": (
        valid(_SHAPE_GATE_RUNS, "the op runs where the tensor given has 64 rows, as this one has"),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _PEEK_AWAITED,
            "a started task's op in flight while an awaited coroutine reads the global it writes",
        ),
        invalid(
            _EVENT_SET_EARLY,
            "the producer sets the event right after it submits: the consumer's wait returns "
            "at once and it reads the buffer in flight",
        ),
        invalid(_EVENT_BUFFER_GIVEN, "the same with the buffer passed to both coroutines"),
        invalid(
            _AWAITED_IN_EXECUTOR,
            "the writer resumes into `await job` (an executor thread): the reader resumes next, "
            "the op in flight (a race the read wins on most runs; not run by the tests)",
        ),
        invalid(_HOOK_LAMBDA, "a module-level loop runs a hook that reads the buffer in flight"),
        invalid(
            _HOOK_SECOND,
            "the second hook of a loop that is only the call reads the buffer in flight",
        ),
        invalid(_COMM_REDUCE_READ, "a communicator's all-reduce, its tensor read before the wait"),
        invalid(
            _GRAPH_OBJECT_READ,
            "a `tr.Graph()` entered by `with g:` holds what it captured until it is closed",
        ),
        invalid(_GRAPH_OBJECT_REPLAYED, "the same in a function, read after the replays"),
    ),
    "TC105": (
        invalid(
            _SHAPE_GATE_DROPS,
            "the op runs only where the tensor's first dimension is 64 or more, and the call "
            "gives a tensor of 32",
        ),
        invalid(_LAST_DIMENSION_GATE, "the same with a test of the last dimension"),
    ),
}
