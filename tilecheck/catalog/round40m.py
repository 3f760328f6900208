"""Examples of round 40M of issue 17 (a function or method of the module that launches with a
partition kept in a field of an object it is given).

``def step(params, lr): scale(params.tiles, lr).sync()`` consumes, at each call, the partition
the object keeps in ``.tiles``: a second call's launch raises. A call the analysis runs in
place (a straight line) was followed; one applied through the function's summary (in a loop, a
coroutine, a method given the object) gave the object's partitions away as to unknown code, and
the second launch went unreported. A function that partitions the field afresh at each call, or
that launches with the field only on some path, stays silent.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        valid(
            """

class Params:
    def __init__(self) -> None:
        self.w = tr.zeros((64,))


def step(params, lr):
    scale(params.w.partition((32,)), lr).sync()


def train() -> None:
    params = Params()
    for i in range(3):
        step(params, 0.5)
    print(params.w.to_numpy())


train()
""",
            "a helper partitions the object's tensor afresh at each call of a loop",
        ),
        valid(
            """

class Params:
    def __init__(self) -> None:
        self.w = tr.zeros((64,))
        self.tiles = None


def step(params, lr):
    params.tiles = params.w.partition((32,))
    scale(params.tiles, lr).sync()


def train() -> None:
    params = Params()
    for i in range(3):
        step(params, 0.5)
    print(params.w.to_numpy())


train()
""",
            "a helper that stores a fresh partition in the field before its launch",
        ),
        valid(
            """

class Params:
    def __init__(self) -> None:
        self.w = tr.zeros((64,))
        self.tiles = self.w.partition((32,))


def step(params, lr, last):
    if last:
        scale(params.tiles, lr).sync()


def train() -> None:
    params = Params()
    for i in range(3):
        step(params, 0.5, i == 2)
    print(params.w.to_numpy())


train()
""",
            "a helper that launches with the field on its last call only",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        invalid(
            """

class Params:
    def __init__(self) -> None:
        self.w = tr.zeros((64,))
        self.tiles = self.w.partition((32,))


def step(params, lr):
    scale(params.tiles, lr).sync()  # TC109


def train() -> None:
    params = Params()
    for i in range(3):
        step(params, 0.5)
    print(params.w.to_numpy())


train()
""",
            "a helper given the object launches with its cached partition at each turn of a "
            "loop: the second turn's launch raises",
        ),
        invalid(
            """
import asyncio


class State:
    def __init__(self) -> None:
        self.buf = tr.zeros((64,))
        self.tiles = self.buf.partition((32,))


def fill(state, a):
    scale(state.tiles, a).sync()  # TC109


async def handle(n):
    state = State()
    for i in range(n):
        fill(state, float(i))
        await asyncio.sleep(0)


asyncio.run(handle(2))
""",
            "a coroutine's loop calls a helper that launches with the state's cached partition",
        ),
        invalid(
            """

class Weights:
    def __init__(self) -> None:
        self.data = tr.zeros((64,))
        self.tiles = self.data.partition((32,))


class SGD:
    def __init__(self, lr: float) -> None:
        self.lr = lr

    def step(self, weights):
        scale(weights.tiles, self.lr).sync()  # TC109


def train() -> None:
    weights = Weights()
    opt = SGD(0.1)
    for _ in range(2):
        opt.step(weights)
    print(weights.data.to_numpy())


train()
""",
            "an optimizer's method launches with the cached partition of the weights it is "
            "given, at each step",
        ),
    ),
}
