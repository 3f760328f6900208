"""Examples of round 33H of issue 17: the module's functions called through a table or a loop
over a display, as the direct calls they are (``tilecheck.host.table_calls``: ``table[key](...)``
over a dict, list or tuple of the module's functions bound once; ``for f in [a, b]: f(...)``;
``for stage in [Norm(), Residual(out)]: stage(...)``), and a method that only returns an item of
a list field, read at its call as that item (``tilecheck.host.accessors``: ``ring.get(i)``,
``ring[i]`` through ``__getitem__``). The VALID ones run clean and must stay silent; the
INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_STEPS = """

def residual(out: Tensor[f32], skip: Tensor[f32]) -> None:
    copy(out.partition((64,)), skip).sync()  # TC101


def plain(out: Tensor[f32], skip: Tensor[f32]) -> None:
    scale(out.partition((64,)), 2.0).sync()

"""
_PLAIN_STEPS = _STEPS.replace("  # TC101", "")

_STAGES = """

class Residual:
    def __init__(self, skip: Tensor[f32]) -> None:
        self.skip = skip

    def __call__(self, out: Tensor[f32]) -> None:
        copy(out.partition((64,)), self.skip).sync()  # TC101


class Norm:
    def __call__(self, out: Tensor[f32]) -> None:
        scale(out.partition((64,)), 0.5).sync()

"""

_RING = """

class Ring:
    def __init__(self, n: int) -> None:
        self.items = [tr.zeros((n,)), tr.zeros((n,))]

    def __getitem__(self, i: int) -> Tensor[f32]:
        return self.items[i % 2]

    def get(self, i: int) -> Tensor[f32]:
        return self.items[i % 2]

"""

_GIVEN_RING = """

class Ring:
    def __init__(self, items: list[Tensor[f32]]) -> None:
        self.items = items

    def __getitem__(self, i: int) -> Tensor[f32]:
        return self.items[i % len(self.items)]


ring = Ring([tr.zeros((64,)), tr.zeros((64,))])
prev: tr.Pending | None = None
for step in range(4):
    pending = copy(ring[step].partition((64,)), tr.ones((64,))).submit()
    if prev is not None:
        prev.wait()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        valid(
            _PLAIN_STEPS
            + """
handlers = {"res": residual, "plain": plain}


def main() -> None:
    out = tr.zeros((64,))
    handlers["plain"](out, out)
    handlers["res"](out, tr.ones((64,)))

""",
            "functions called through a dict by key, never given one tensor twice",
        ),
        valid(
            _PLAIN_STEPS
            + """
MODE = "plain"
handlers = {"res": residual, "plain": plain}
out = tr.zeros((64,))
handlers[MODE](out, out)
for step in [plain, plain]:
    step(out, out)
""",
            "a dict's item by a constant name, and a loop over a display, of the harmless one",
        ),
        valid(
            _STAGES.replace("  # TC101", "")
            + """

def run(out: Tensor[f32]) -> None:
    skip = tr.ones((64,))
    for stage in [Residual(skip), Residual(skip)]:
        stage(out)

""",
            "instances in a display called in a loop, the residual's skip another tensor",
        ),
    ),
    "TC102": (
        valid(
            _RING
            + """
ring = Ring(64)
pending = copy(ring.get(0).partition((64,)), tr.ones((64,))).submit()
print(ring.get(1).to_numpy())
print(ring[3].to_numpy())
pending.wait()
print(ring[0].to_numpy())
""",
            "a method returning an item of a list field: the other item read while one is written",
        ),
        valid(
            _GIVEN_RING
            + """        print(ring[step - 1].to_numpy())
    prev = pending
assert prev is not None
prev.wait()
""",
            "``__getitem__`` modulo the length of a list the class is given: the waited slot read",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        invalid(
            _STEPS
            + """
handlers = {"res": residual, "plain": plain}


def main() -> None:
    out = tr.zeros((64,))
    handlers["res"](out, out)

""",
            "a function called through a dict by a literal key, given one tensor twice",
            typed=False,
        ),
        invalid(
            _STEPS
            + """
steps = (plain, residual)
out = tr.zeros((64,))
steps[-1](out, out)
""",
            "a function called through a tuple by a constant index, at the module's top level",
            typed=False,
        ),
        invalid(
            _STEPS
            + """
steps = [plain, residual]


def main() -> None:
    out = tr.zeros((64,))
    for step in steps:
        step(out, out)

""",
            "each function of a list called in a loop; the second aliases its arguments",
            typed=False,
        ),
        invalid(
            _STAGES
            + """

def run(out: Tensor[f32]) -> None:
    for stage in [Norm(), Residual(out)]:
        stage(out)

""",
            "instances in a display called in a loop (``__call__``); the residual's skip is out",
            typed=False,
        ),
    ),
    "TC102": (
        invalid(
            _RING
            + """
ring = Ring(64)
pending = copy(ring.get(2).partition((64,)), tr.ones((64,))).submit()
print(ring.get(0).to_numpy())  # TC102
pending.wait()
""",
            "a method returning an item of a list field by an index modulo its length",
        ),
        invalid(
            _RING
            + """

def main() -> None:
    ring = Ring(64)
    pending = copy(ring[1].partition((64,)), tr.ones((64,))).submit()
    print(ring[3].to_numpy())  # TC102
    pending.wait()

""",
            "``__getitem__`` returning an item of a list field, read through ``ring[k]``",
        ),
        invalid(
            _GIVEN_RING
            + """        print(ring[step].to_numpy())  # TC102
    prev = pending
assert prev is not None
prev.wait()
""",
            "``__getitem__`` modulo the length of a list the class is given: the slot in flight",
        ),
    ),
}
