"""Examples of round 35R of issue 17 (a one-shot thing reached again on a second pass through
a helper): a retry wrapper that runs an op parameter in a loop with nothing leaving the loop
after a successful run (``for _ in range(attempts): try: await op / except: continue``) runs
it again on the next turn (TC110 at that run, where a call certainly gives an op; none where
the call gives the loop's bound a constant below two); a closure, a module function or a
lambda of no parameter that consumes a partition (or runs an op) made outside it, handed to a
helper that calls its parameter twice or more (warm-up and timing loops of a benchmark
helper reading the clock, a retry loop), consumes it twice (TC109 at the launch inside it).
A bound method given (``op.sync``, ``step.run``) is called through its path; an ``async
def`` helper awaiting its callable's result (``await make()``) runs it so where the call is
awaited. An op a class
body keeps (``BOOT = fill(...)``) that a method reads as an attribute (``cls.BOOT``,
``self.BOOT``) is not dropped unrun at the end of the class body. The VALID ones run clean and
must stay silent (a retry that breaks or returns after success, a flag ending a ``while``, a
loop of one turn, a closure or lambda that partitions afresh, a class attribute op a method
runs);
the INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_BENCH = """
import time
from collections.abc import Callable


def do_bench(fn: Callable[[], None], warmup: int = 2, rep: int = 5) -> float:
    for _ in range(warmup):
        fn()
    t0 = time.perf_counter()
    for _ in range(rep):
        fn()
    return (time.perf_counter() - t0) / rep

"""


def invalid(body: str, note: str) -> Case:
    return _invalid(body, note, typed=False)  # (across a call: beyond the mypy plugin)


VALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        valid(
            """

FLAGS = tr.zeros((32,))


class Replica:
    BOOT = scale(FLAGS.partition((32,)), 2.0)

    @classmethod
    def boot(cls) -> None:
        cls.BOOT.sync()


def main() -> None:
    Replica.boot()
    print(FLAGS.to_numpy())
""",
            "an op kept as a class attribute, run by a classmethod through `cls`",
        ),
        valid(
            """

BUF = tr.zeros((32,))


class Warm:
    WARMUP = scale(BUF.partition((32,)), 2.0)

    def __init__(self, name: str) -> None:
        self.name = name

    def warm(self) -> None:
        self.WARMUP.sync()


def main() -> None:
    Warm("w").warm()
    print(BUF.to_numpy())
""",
            "an op kept as a class attribute, run by a method through `self`",
        ),
    ),
    "TC110": (
        valid(
            """
import asyncio


async def with_retry(op: tr.Op, attempts: int = 3) -> None:
    for _ in range(attempts):
        try:
            await op
            break
        except tr.KernelError:
            continue


async def first_ok(op: tr.Op, attempts: int = 3) -> object:
    for _ in range(attempts):
        try:
            return await op
        except tr.KernelError:
            await asyncio.sleep(0)
    return None


async def main() -> None:
    z = tr.zeros((32,))
    await with_retry(scale(z.partition((32,)), 2.0))
    await first_ok(scale(z.partition((32,)), 2.0))
    print(z.to_numpy())
""",
            "a retry that breaks or returns after a successful run runs the op once",
        ),
        valid(
            """

def until_done(op: tr.Op) -> None:
    done = False
    while not done:
        try:
            op.sync()
            done = True
        except tr.KernelError:
            pass


def pump(op: tr.Op, rounds: int = 2) -> None:
    for _ in range(rounds):
        try:
            op.sync()
        except tr.KernelError:
            continue


def main() -> None:
    z = tr.zeros((32,))
    until_done(scale(z.partition((32,)), 2.0))
    pump(scale(z.partition((32,)), 2.0), 1)
    pump(scale(z.partition((32,)), 2.0), rounds=1)
    print(z.to_numpy())
""",
            "a flag ending the loop after success, a loop the call gives one turn",
        ),
        valid(
            """
from collections.abc import Callable


def with_retry(make: Callable[[], tr.Op], attempts: int = 3) -> None:
    for _ in range(attempts):
        try:
            make().sync()
        except tr.KernelError:
            continue


def main() -> None:
    z = tr.zeros((32,))
    with_retry(lambda: scale(z.partition((32,)), 2.0))
    print(z.to_numpy())
""",
            "a fresh op per attempt, made by the callable the retry is given",
        ),
    ),
    "TC109": (
        valid(
            _BENCH
            + """
def main() -> None:
    z = tr.zeros((32,))

    def run() -> None:
        scale(z.partition((32,)), 2.0).sync()

    print(do_bench(run))
    print(do_bench(lambda: scale(z.partition((32,)), 2.0).sync()))
""",
            "the benchmarked closure or lambda partitions its output afresh at each call",
        ),
        valid(
            _BENCH
            + """
def main() -> None:
    z = tr.zeros((32,))
    plan = z.partition((32,))

    def run() -> None:
        scale(plan, 2.0).sync()

    print(do_bench(run, warmup=0, rep=1))
""",
            "a benchmark the call gives one timed run and no warm-up consumes the plan once",
        ),
        valid(
            """
import asyncio


async def with_retry(make, attempts: int = 3):
    for _ in range(attempts):
        try:
            return await make()
        except tr.KernelError:
            await asyncio.sleep(0)
    return None


async def main() -> None:
    z = tr.zeros((32,))
    await with_retry(lambda: scale(z.partition((32,)), 2.0))
    plan = z.partition((32,))
    await with_retry(lambda: scale(plan, 2.0))
""",
            "an async retry returning what the first successful attempt gives: one launch",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        valid(
            """

FLAGS = tr.zeros((32,))


class Replica:
    BOOT = scale(FLAGS.partition((32,)), 2.0)

    @classmethod
    def boot(cls) -> None:
        cls.BOOT.sync()


def main() -> None:
    Replica.boot()
    print(FLAGS.to_numpy())
""",
            "an op kept as a class attribute, run by a classmethod through `cls`",
        ),
        valid(
            """

BUF = tr.zeros((32,))


class Warm:
    WARMUP = scale(BUF.partition((32,)), 2.0)

    def __init__(self, name: str) -> None:
        self.name = name

    def warm(self) -> None:
        self.WARMUP.sync()


def main() -> None:
    Warm("w").warm()
    print(BUF.to_numpy())
""",
            "an op kept as a class attribute, run by a method through `self`",
        ),
    ),
    "TC110": (
        invalid(
            """
import asyncio


async def with_retry(op: tr.Op, attempts: int = 2) -> None:
    for _ in range(attempts):
        try:
            await op  # TC110
        except tr.KernelError:
            continue


async def main() -> None:
    z = tr.zeros((32,))
    await with_retry(scale(z.partition((32,)), 2.0))
""",
            "a retry wrapper awaits the op again on the next turn after a successful run",
        ),
        invalid(
            """

class Runner:
    def run(self, op: tr.Op, tries: int = 3) -> None:
        for attempt in range(tries):
            print("attempt", attempt)
            try:
                op.sync()  # TC110
            except tr.KernelError as exc:
                print(exc)


def main() -> None:
    z = tr.zeros((32,))
    Runner().run(scale(z.partition((32,)), 2.0))
""",
            "a method's retry loop syncs the op it is given on every turn",
        ),
        invalid(
            """

def pump(op: tr.Op, n: int = 2) -> None:
    for _ in range(n):
        try:
            pending = op.submit()  # TC110
        except tr.KernelError:
            continue
        pending.wait()


z = tr.zeros((32,))
job = scale(z.partition((32,)), 2.0)
pump(job)
""",
            "a module-level call of a helper submitting its op parameter on each turn",
        ),
        invalid(
            """

def repeat(fn, n: int = 3) -> None:
    for i in range(n):
        print("run", i)
        fn()


z = tr.zeros((32,))
op = scale(z.partition((32,)), 2.0)
repeat(lambda: op.sync())  # TC110
""",
            "a lambda syncing one op, called three times by the helper",
        ),
        invalid(
            """
import time


def bench(fn, reps: int = 3) -> float:
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
    return time.perf_counter() - t0


def main() -> None:
    z = tr.zeros((32,))
    op = scale(z.partition((32,)), 2.0)
    print(bench(op.sync))  # TC110
""",
            "an op's bound `sync` handed to a helper that calls it on every turn",
        ),
    ),
    "TC109": (
        invalid(
            _BENCH
            + """
def main() -> None:
    z = tr.zeros((32,))
    plan = z.partition((32,))

    def run() -> None:
        scale(plan, 2.0).sync()  # TC109

    print(do_bench(run))
""",
            "a closure launching on a partition made outside it, timed by a benchmark helper",
        ),
        invalid(
            _BENCH
            + """
def main() -> None:
    z = tr.zeros((32,))
    plan = z.partition((32,))
    print(do_bench(lambda: scale(plan, 2.0).sync()))  # TC109
""",
            "a lambda launching on one partition, handed to the benchmark helper",
        ),
        invalid(
            """
import time


def bench(fn, iters: int = 3) -> float:
    times = []
    for _ in range(iters):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


z = tr.zeros((32,))
plan = z.partition((32,))


def step() -> None:
    scale(plan, 2.0).sync()  # TC109


print(bench(step))
""",
            "a module function consuming a global partition, timed turn by turn into a list",
        ),
        invalid(
            """

def retry(fn, times: int = 3) -> None:
    for attempt in range(times):
        try:
            fn()
        except tr.KernelError:
            print("failed attempt", attempt)


def main() -> None:
    z = tr.zeros((32,))
    tiles = z.partition((32,))

    def attempt() -> None:
        scale(tiles, 2.0).sync()  # TC109

    retry(attempt)
""",
            "a retry helper calling the closure again after it succeeded",
        ),
        invalid(
            """

def twice(fn) -> None:
    fn()
    fn()


class Step:
    def __init__(self) -> None:
        self.out = tr.zeros((32,))
        self.plan = self.out.partition((32,))

    def run(self) -> None:
        scale(self.plan, 2.0).sync()  # TC109


def main() -> None:
    step = Step()
    twice(step.run)
""",
            "a bound method consuming its object's partition, handed to a helper calling it twice",
        ),
        invalid(
            """
import asyncio


async def with_retry(make, attempts: int = 3):
    result = None
    for _ in range(attempts):
        try:
            result = await make()
        except tr.KernelError:
            await asyncio.sleep(0)
    return result


async def main() -> None:
    z = tr.zeros((32,))
    plan = z.partition((32,))
    await with_retry(lambda: scale(plan, 2.0))  # TC109
""",
            "an async retry awaiting a fresh launch on one partition each turn, no break",
        ),
        invalid(
            """

def measure(fn, iters: int = 4) -> list[float]:
    results = []
    for _ in range(iters):
        value = fn()
        results.append(value)
    return results


def main() -> None:
    z = tr.zeros((32,))
    plan = z.partition((32,))

    def step() -> float:
        scale(plan, 2.0).sync()  # TC109
        return 1.0

    print(measure(step))
""",
            "a helper keeping what each call returns (`value = fn()`), called on every turn",
        ),
    ),
}
