"""Examples of round 37L of issue 17 (callables run by calls the checker knows): a library call
that runs the callable it is given and then what the callable returns (``tr.testing.do_bench
(fn)``: ``fn()`` at least twice, each op it returns submitted and waited, each Pending waited,
before the next call), a helper of the module that runs what its callable parameter returns
(``fn().sync()``, ``fn().submit().wait()``, ``out = fn()`` then ``out.wait()``, ``return
fn()``), and an executor's ``submit`` or ``asyncio.to_thread`` of a lambda, whose call has
returned when the worker is done with what it was given. The VALID ones run clean and must
stay silent; the INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_BENCH = """
import time


def bench(fn, iters: int = 3) -> float:
    t0 = time.perf_counter()
    for _ in range(iters):
        fn().sync()
    return time.perf_counter() - t0

"""


def invalid(body: str, note: str) -> Case:
    return _invalid(body, note, typed=False)  # (across a call: beyond the mypy plugin)


VALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        valid(
            """

def main() -> None:
    z = tr.zeros((32,))
    print(tr.testing.do_bench(lambda: scale(z.partition((32,)), 2.0)))

    def run() -> None:
        scale(z.partition((32,)), 2.0).sync()

    print(tr.testing.do_bench(run, rep=1))
    print(z.to_numpy()[0])
""",
            "the benchmarked lambda or closure partitions its output afresh on every run",
        ),
        valid(
            _BENCH
            + """
def main() -> None:
    z = tr.zeros((32,))
    print(bench(lambda: scale(z.partition((32,)), 2.0)))
    print(z.to_numpy()[0])
""",
            "a helper syncing what its callable returns, given a fresh partition each call",
        ),
        valid(
            """

def warm(make, times: int = 2) -> None:
    for _ in range(times):
        pending = make()
        pending.wait()


z = tr.zeros((32,))
warm(lambda: scale(z.partition((32,)), 2.0).submit())
print(z.to_numpy()[0])
""",
            "a helper waiting the Pending its callable returns, each made of a new partition",
        ),
        valid(
            """
from concurrent.futures import ThreadPoolExecutor


def main() -> None:
    z = tr.zeros((32,))
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(lambda: scale(z.partition((32,)), 2.0).sync()).result()
        pool.submit(lambda: scale(z.partition((32,)), 3.0).sync()).result()
    print(z.to_numpy()[0])
""",
            "two tasks of an executor, each partitioning the output afresh",
        ),
    ),
    "TC110": (
        valid(
            """

z = tr.zeros((32,))
pending = scale(z.partition((32,)), 2.0).submit()
print(tr.testing.do_bench(lambda: pending))
print(z.to_numpy()[0])
""",
            "a benchmark waiting one Pending on every run: waiting it again is allowed",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        invalid(
            """

z = tr.zeros((32,))
plan = z.partition((32,))
print(tr.testing.do_bench(lambda: scale(plan, 2.0)))  # TC109
""",
            "the benchmarked lambda launches on one partition made outside it: its second run",
        ),
        invalid(
            """
from tilert import testing


def main() -> None:
    z = tr.zeros((32,))
    plan = z.partition((32,))

    def run() -> None:
        scale(plan, 2.0).sync()  # TC109

    print(testing.do_bench(fn=run, warmup=1, rep=1))

""",
            "a closure consuming the partition of its function, given by keyword to `do_bench`",
        ),
        invalid(
            _BENCH
            + """
def main() -> None:
    z = tr.zeros((32,))
    plan = z.partition((32,))
    print(bench(lambda: scale(plan, 2.0)))  # TC109

""",
            "a helper running what its callable returns with `fn().sync()`, turn by turn",
        ),
        invalid(
            """

def warm(make, times: int = 2) -> None:
    for _ in range(times):
        pending = make()
        pending.wait()


z = tr.zeros((32,))
plan = z.partition((32,))
warm(lambda: scale(plan, 2.0).submit())  # TC109
""",
            "a helper binding what its callable returns and waiting it on each turn",
        ),
        invalid(
            """

def twice(fn):
    fn().submit().wait()
    return fn()


z = tr.zeros((32,))
plan = z.partition((32,))
last = twice(lambda: scale(plan, 2.0))  # TC109
last.sync()
""",
            "a helper running its callable's op once and returning the second one it makes",
        ),
        invalid(
            """
from concurrent.futures import ThreadPoolExecutor


def launch(plan: tr.Partition) -> None:
    scale(plan, 2.0).sync()  # TC109


def main() -> None:
    z = tr.zeros((32,))
    plan = z.partition((32,))
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(launch, plan).result()
        pool.submit(launch, plan).result()

""",
            "one partition given to two tasks of an executor inside a function",
        ),
        invalid(
            """
import asyncio


async def main() -> None:
    z = tr.zeros((32,))
    plan = z.partition((32,))
    await asyncio.to_thread(lambda: scale(plan, 2.0).sync())
    await asyncio.to_thread(lambda: scale(plan, 3.0).sync())  # TC109

""",
            "two lambdas run on worker threads, launching on one partition",
        ),
    ),
    "TC110": (
        invalid(
            """

z = tr.zeros((32,))
op = scale(z.partition((32,)), 2.0)
print(tr.testing.do_bench(lambda: op))  # TC110
""",
            "a benchmark given one op: it submits the op again on its second run",
        ),
    ),
}
