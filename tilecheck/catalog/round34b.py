"""Examples of round 34B of issue 17 (methods reached through another instance or an operator
a decorator derives): a method run on another instance of its class, given as a parameter
annotated with the class (or narrowed by ``isinstance``), runs that instance's methods on its
fields, and a read two methods deep is reported at the read; ``@functools.total_ordering``
derives ``>=``, ``>``, ``<=`` from the comparison the class defines, which runs first. The
VALID ones run clean and must stay silent; the INVALID ones are real errors (the interpreter
raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_BEAM = """
import functools


@functools.total_ordering
class Beam:
    def __init__(self, n: int) -> None:
        self.score = tr.zeros((n,))

    def rescore(self) -> tr.Pending:
        return scale(self.score.partition((self.score.shape[0],)), 0.5).submit()

    def value(self) -> float:
        return float(self.score.to_numpy()[0]){mark}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Beam) and self.value() == other.value()

    def __lt__(self, other: "Beam") -> bool:
        return self.value() < other.value()

    def closer(self, other: "Beam") -> float:
        return abs(other.value() - 1.0)

"""


_GEN = """
from collections.abc import Iterator


def row_sums(buf: tr.Tensor) -> Iterator[float]:
    data = buf.to_numpy(){mark}
    for row in data:
        yield float(row.sum())


class Ring:
    def __init__(self, n: int) -> None:
        self.slots = tr.zeros((n, 8))

    def __reversed__(self) -> Iterator[float]:
        host = self.slots.to_numpy(){mark2}
        for i in range(host.shape[0] - 1, -1, -1):
            yield float(host[i].max())

"""


def _gen(body: str, mark: str = "", mark2: str = "") -> str:
    return _GEN.format(mark=mark, mark2=mark2) + "\ndef main() -> None:\n    " + body + "\n"


_POOL = """

class Pool(dict):
    def __missing__(self, n: int) -> tr.Tensor:
        buf = self[n] = tr.zeros((n,)){mark}
        return buf


pool = Pool()


def main() -> None:
    {body}
    with tr.graph() as g:
        g.record(scale(pool[256].partition((256,)), 2.0))
    g.launch().wait()
    g.close()
"""

_HOOK = """
import types


class Trainer:
    def __init__(self, n: int) -> None:
        self.err = tr.zeros((n,))
        self.history: list[float] = []

    def on_step(self) -> None:
        pass

    def step(self) -> None:
        {body}


def log_err(self: Trainer) -> None:
    self.history.append(float(self.err.to_numpy()[0])){mark}


trainer = Trainer(64)
trainer.on_step = types.MethodType(log_err, trainer)


def main() -> None:
    trainer.step()
    print(trainer.history)
"""


def _case(body: str, mark: str = "") -> str:
    return _BEAM.format(mark=mark) + "\ndef main() -> None:\n    " + body + "\n"


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case("a, b = Beam(4), Beam(4)\n    b.rescore().wait()\n    print(a >= b)"),
            "a >= derived by total_ordering from __lt__, after the wait on the other beam",
        ),
        valid(
            _case(
                "a, b = Beam(4), Beam(4)\n    p = b.rescore()\n    print(a.closer(a))\n    p.wait()"
            ),
            "a method given its own receiver as the other instance, nothing in flight there",
        ),
        valid(
            _gen(
                "out = tr.zeros((4, 8))\n    p = scale(out[0].partition((8,)), 2.0).submit()\n"
                "    rows = row_sums(out)\n    p.wait()\n    print(list(rows))"
            ),
            "a generator made while a write is in flight runs its body only when list() drains it",
        ),
        valid(
            _gen(
                "ring = Ring(3)\n    p = scale(ring.slots[0].partition((8,)), 2.0).submit()\n"
                "    p.wait()\n    print(list(reversed(ring)))"
            ),
            "list(reversed(obj)) runs a generator __reversed__ after the wait",
        ),
        valid(
            _gen(
                "out = tr.zeros((4, 8))\n    p = scale(out[0].partition((8,)), 2.0).submit()\n"
                "    p.wait()\n    print([int(s) for s in row_sums(out)])"
            ),
            "a list comprehension drains a generator function after the wait",
        ),
        valid(
            _HOOK.format(
                body="p = scale(self.err.partition((64,)), 2.0).submit()\n"
                "        p.wait()\n        self.on_step()",
                mark="",
            ),
            "a hook bound with types.MethodType reads the tensor after the wait",
        ),
        valid(
            _case('b = Beam(4)\n    b.rescore().wait()\n    print(getattr(b, "value")())'),
            "a method looked up by getattr with a constant name, called after the wait",
        ),
    ),
    "TC111": (
        valid(
            _POOL.format(body="pool[256]", mark=""),
            "a dict subclass's __missing__ allocates at a read before the capture (two reads)",
        ),
    ),
}


INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(
                "a, b = Beam(4), Beam(4)\n    p = b.rescore()\n    print(a >= b)\n    p.wait()",
                "  # TC102",
            ),
            "a >= derived by total_ordering runs __lt__, which reads the other beam in flight",
            typed=False,  # a read inside a method Python calls: beyond the mypy plugin
        ),
        invalid(
            _case(
                "a, b = Beam(4), Beam(4)\n    p = b.rescore()\n    print(a.closer(b))\n"
                "    p.wait()",
                "  # TC102",
            ),
            "a method runs another method on the instance it is given, whose tensor is in flight",
            typed=False,
        ),
        invalid(
            _gen(
                "out = tr.zeros((4, 8))\n    p = scale(out[0].partition((8,)), 2.0).submit()\n"
                "    print(list(row_sums(out)))\n    p.wait()",
                "  # TC102",
            ),
            "list() drains a generator function whose body reads the tensor in flight",
            typed=False,
        ),
        invalid(
            _gen(
                "ring = Ring(3)\n    p = scale(ring.slots[0].partition((8,)), 2.0).submit()\n"
                "    print(sorted(reversed(ring)))\n    p.wait()",
                mark2="  # TC102",
            ),
            "sorted(reversed(obj)) drains a generator __reversed__ reading a tensor in flight",
            typed=False,
        ),
        invalid(
            _gen(
                "out = tr.zeros((4, 8))\n    p = scale(out[0].partition((8,)), 2.0).submit()\n"
                "    print([int(s) for s in row_sums(out)])\n    p.wait()",
                "  # TC102",
            ),
            "a list comprehension drains a generator function reading the tensor in flight",
            typed=False,
        ),
        invalid(
            _HOOK.format(
                body="p = scale(self.err.partition((64,)), 2.0).submit()\n"
                "        self.on_step()\n        p.wait()",
                mark="  # TC102",
            ),
            "a hook bound onto the instance with types.MethodType reads a tensor in flight",
            typed=False,
        ),
        invalid(
            _case(
                'b = Beam(4)\n    p = b.rescore()\n    print(getattr(b, "value")())\n    p.wait()',
                "  # TC102",
            ),
            "getattr(obj, 'value')() is obj.value(): the method reads a tensor in flight",
            typed=False,
        ),
    ),
    "TC111": (
        invalid(
            _POOL.format(body="pass", mark="  # TC111"),
            "a dict subclass's __missing__ allocates at the capture's read of a key not held",
            typed=False,
        ),
    ),
}
