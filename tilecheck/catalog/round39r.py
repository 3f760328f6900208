"""Examples of round 39R of issue 17 (a wait handed to another thread or task, collected later;
an executor's ``submit`` on a receiver that may hold an op; what a library op hands on).

``fut = pool.submit(p.wait)``, ``w = loop.run_in_executor(None, p.wait)``, ``t =
threading.Thread(target=p.wait)`` with ``t.start()``, ``asyncio.ensure_future(
asyncio.to_thread(p.wait))``, ``asyncio.ensure_future(op)`` and ``asyncio.gather(op, op2)``
bound to a name that a later statement of the block collects (``fut.result()``, ``await w``,
``t.join()``): the Pending (the op) is released by the other side somewhere before the
collection, so a use of what it writes in between races with it (TC102); after the collection
it is done. ``self.pool.submit(fn, x)`` of an executor kept in an attribute is no op's
``submit`` (an op's takes a stream alone): no Pending comes of it. A ``tilert.kernels`` op's
first output, what ``.then`` gives its callback first, is the partition the function made of
its output tensor: a kernel's Mutable parameter takes it, a Shared one or another library
function refuses it (TC106).

The VALID ones run clean and must stay silent; the INVALID ones are real errors: the
interpreter raises at the marked line, where the other thread has not waited yet on most runs
(a race: those have no ``main`` for the suite to run), and always where a task has not
started (``ensure_future``, ``gather``)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
from concurrent.futures import ThreadPoolExecutor


def main() -> float:
    x = tr.ones((32,))
    out = tr.zeros((32,))
    with ThreadPoolExecutor(1) as pool:
        p = copy(out.partition((32,)), x).submit()
        fut = pool.submit(p.wait)
        print(x.to_numpy()[0])
        fut.result()
    return float(out.to_numpy()[0])
""",
            "an executor waits the Pending; the output is read after the future's result",
        ),
        valid(
            """
import asyncio


async def main() -> float:
    x = tr.ones((32,))
    out = tr.zeros((32,))
    loop = asyncio.get_running_loop()
    p = copy(out.partition((32,)), x).submit()
    waiter = loop.run_in_executor(None, p.wait)
    await waiter
    return float(out.to_numpy()[0])
""",
            "the loop's executor waits the Pending; the output is read after the await",
        ),
        valid(
            """
import threading

x = tr.ones((32,))
out = tr.zeros((32,))
p = copy(out.partition((32,)), x).submit()
t = threading.Thread(target=p.wait, daemon=True)
t.start()
print(x.to_numpy()[0])
t.join()
print(out.to_numpy()[0])
""",
            "a thread waits the Pending; the output is read after the join",
        ),
        valid(
            """
import asyncio


async def main() -> float:
    x = tr.ones((32,))
    a = tr.zeros((32,))
    b = tr.zeros((32,))
    both = asyncio.gather(copy(a.partition((32,)), x), copy(b.partition((32,)), x))
    print(x.to_numpy()[0])
    await both
    return float(a.to_numpy()[0] + b.to_numpy()[0])
""",
            "a gather of two launches awaited before their outputs are read",
        ),
        valid(
            """
from concurrent.futures import ThreadPoolExecutor


def main(check: bool) -> float:
    x = tr.ones((32,))
    out = tr.zeros((32,))
    with ThreadPoolExecutor(1) as pool:
        p = copy(out.partition((32,)), x).submit()
        fut = pool.submit(p.wait)
        if check:
            fut.result()
    return float(out.to_numpy()[0])
""",
            "a future collected on one branch only: the pool's exit joins it (nothing claimed)",
        ),
    ),
    "TC108": (
        valid(
            """
from concurrent.futures import ThreadPoolExecutor

import numpy as np


class Server:
    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(2)
        self.x = tr.ones((32,))
        self.out = tr.zeros((32,))

    def step(self) -> float:
        copy(self.out.partition((32,)), self.x).sync()
        fut = self.pool.submit(np.sum, self.out.to_numpy())
        return float(fut.result())
""",
            "an executor kept in an attribute: its submit(fn, arg) makes no Pending",
        ),
        valid(
            """
from concurrent.futures import ThreadPoolExecutor


def work(out: tr.Tensor, x: tr.Tensor) -> None:
    copy(out.partition((32,)), x).sync()


class Server:
    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(2)
        self.x = tr.ones((32,))
        self.out = tr.zeros((32,))

    def step(self) -> None:
        self.pool.submit(work, self.out, self.x).result()
        self.pool.submit(lambda: print("done")).result()
""",
            "an attribute's executor running a launching helper and a lambda",
        ),
        valid(
            """
from concurrent.futures import ThreadPoolExecutor


class Engine:
    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(1)
        self.out = tr.zeros((32,))

    def run(self, req: list[float]) -> int:
        scale(self.out.partition((32,)), 2.0).sync()
        ticket = self.pool.submit(sum)
        del ticket
        job = self.pool.submit(req.copy)
        return len(job.result())
""",
            "an attribute set once to a ThreadPoolExecutor: any submit of it makes no Pending",
        ),
    ),
    "TC106": (
        valid(
            """
import numpy as np

import tilert.kernels as tk


def main() -> None:
    x = tr.from_numpy(np.ones((16, 16), np.float32))
    w = tr.from_numpy(np.ones((16,), np.float32))
    h = tr.zeros((16, 16))
    tk.rmsnorm(h, x, w).then(lambda hp, *_: scale(hp, 2.0)).sync()
    print(h.to_numpy()[0, 0])
""",
            "a library op chained to a kernel that writes the partition it hands on",
        ),
        valid(
            """
import numpy as np

import tilert.kernels as tk


def main() -> None:
    q = tr.from_numpy(np.ones((16, 8), np.float32))
    k = tr.from_numpy(np.ones((8, 16), np.float32))
    s = tr.zeros((16, 16))
    p = tr.zeros((16, 16))
    tk.gemm(s, q, k).then(lambda *_: tk.softmax(p, s)).sync()
    print(p.to_numpy()[0, 0])
""",
            "a library op chained to another that reads the first one's tensor, closed over",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
from concurrent.futures import ThreadPoolExecutor


def stage() -> float:
    x = tr.ones((32,))
    out = tr.zeros((32,))
    with ThreadPoolExecutor(1) as pool:
        p = copy(out.partition((32,)), x).submit()
        fut = pool.submit(p.wait)
        first = float(out.to_numpy()[0])  # TC102
        fut.result()
    return first
""",
            "the output read while an executor still waits the Pending",
        ),
        invalid(
            """
import threading

x = tr.ones((32,))
out = tr.zeros((32,))
p = copy(out.partition((32,)), x).submit()
t = threading.Thread(target=p.wait)
t.start()
print(out.to_numpy()[0])  # TC102
t.join()
""",
            "the output read between a waiting thread's start and its join",
        ),
        invalid(
            """
import asyncio


async def step() -> float:
    x = tr.ones((32,))
    out = tr.zeros((32,))
    loop = asyncio.get_running_loop()
    p = copy(out.partition((32,)), x).submit()
    waiter = loop.run_in_executor(None, p.wait)
    v = float(out.to_numpy()[0])  # TC102
    await waiter
    return v
""",
            "the output read before the loop's executor has waited the Pending",
        ),
        invalid(
            """
import asyncio


async def serve(steps: int) -> None:
    x = tr.ones((32,))
    out = tr.zeros((32,))
    for step in range(steps):
        p = copy(out.partition((32,)), x).submit()
        waiter = asyncio.ensure_future(asyncio.to_thread(p.wait))
        print(step, out.to_numpy()[0])  # TC102
        await waiter
""",
            "each turn reads the output before the task waiting it in a thread is awaited",
        ),
        invalid(
            """
import asyncio


async def main() -> float:
    x = tr.ones((32,))
    a = tr.zeros((32,))
    b = tr.zeros((32,))
    both = asyncio.gather(copy(a.partition((32,)), x), copy(b.partition((32,)), x))
    head = float(a.to_numpy()[0])  # TC102
    await both
    return head
""",
            "an output of a gathered launch read before the gather is awaited",
        ),
        invalid(
            """
import asyncio


async def main() -> None:
    x = tr.ones((32,))
    y = tr.zeros((32,))
    task = asyncio.ensure_future(copy(y.partition((32,)), x))
    await scale(y.partition((32,)), 2.0)  # TC102
    await task
""",
            "a second launch partitions the tensor a launch handed to ensure_future still holds",
        ),
        invalid(
            """
from concurrent.futures import ThreadPoolExecutor


class Worker:
    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(1)
        self.x = tr.ones((32,))
        self.out = tr.zeros((32,))

    def step(self) -> None:
        op = copy(self.out.partition((32,)), self.x)
        fut = self.pool.submit(op.sync)
        scale(self.out.partition((32,)), 2.0).sync()  # TC102
        fut.result()


Worker().step()
""",
            "an op's sync handed to an attribute's executor, its output partitioned meanwhile",
        ),
    ),
    "TC106": (
        invalid(
            """
import numpy as np

import tilert.kernels as tk


def main() -> None:
    q = tr.from_numpy(np.ones((16, 8), np.float32))
    k = tr.from_numpy(np.ones((8, 16), np.float32))
    s = tr.zeros((16, 16))
    p = tr.zeros((16, 16))
    tk.gemm(s, q, k).then(lambda s2, *_: tk.softmax(p, s2)).sync()  # TC106
""",
            "a library op's callback hands the partition it is given to another one's input",
            typed=False,
        ),
        invalid(
            """
import numpy as np

import tilert.kernels as tk


def main() -> None:
    x = tr.from_numpy(np.ones((16, 16), np.float32))
    w = tr.from_numpy(np.ones((16,), np.float32))
    h = tr.zeros((16, 16))
    y = tr.zeros((16, 16))

    def post(hp, *_):
        return copy(y.partition((16, 16)), hp)  # TC106

    tk.rmsnorm(h, x, w).then(post).sync()
""",
            "a named callback passes the library op's output partition to a Shared input",
            typed=False,
        ),
    ),
}
