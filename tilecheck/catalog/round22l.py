"""Examples of round 22L of issue 17 (what objects hold, across their methods): an attribute
``__init__`` (or a dataclass's ``__post_init__``) gives another library's array, passed by a
method as a kernel's output (TC106 there); a list attribute a class starts empty and grows with
the tensors a method makes, its items read by another method (or the caller) while the ops
writing them are in flight (TC102 at the call, where the read is made); an op given to the
construction and kept as given (``self.op = op``, a list display of ops, or the instance a
``@staticmethod`` factory returns), run by a method on every call: a second call runs it again
(TC110 at the run in the method); a base class's method calling on ``self`` a method the
subclass overrides (``self.op(x)``), which runs the override (TC102 at the read of what it
writes). The VALID ones run clean and must stay silent; the INVALID
ones are real errors (the interpreter raises)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_STAGING = """from typing import Any

import numpy as np


class Staging:
    def __init__(self, n: int) -> None:
        self.host: Any = np.zeros(n, np.float32)
{more}
    def pull(self, src: Tensor[f32]) -> None:
        copy(self.host, src).sync(){mark}


stage = Staging(32)
{before}stage.pull(tr.ones((32,)))
"""

_SINK = """from dataclasses import dataclass, field

import numpy as np


@dataclass
class Sink:
    n: int
    out: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.out = np.empty(self.n, dtype=np.float32)

    def fill(self, k: float) -> None:
        scale(self.out, k).sync()  # TC106


Sink(32).fill(2.0)
"""

_BATCH = """

class Batch:
    def __init__(self, inputs: list[Tensor[f32]]) -> None:
        self.inputs = inputs
        self.outputs: list[Tensor[f32]] = []
        self.pendings: list[tr.Pending] = []

    def launch(self) -> None:
        for x in self.inputs:
            out = tr.zeros((32,))
            self.outputs.append(out)
            self.pendings.append(copy(out.partition((8,)), x).submit())

    def results(self) -> list[float]:
        return [float(o.to_numpy()[0]) for o in self.outputs]{mark}

    def drain(self) -> None:
        while self.pendings:
            self.pendings.pop().wait()


batch = Batch([tr.ones((32,)), tr.full((32,), 2.0)])
batch.launch()
{order}
"""

_STEPS = """from dataclasses import dataclass, field


@dataclass
class Steps:
    outs: list[Tensor[f32]] = field(default_factory=list)
    jobs: list[tr.Pending] = field(default_factory=list)

    def add(self, k: float) -> None:
        out = tr.ones((32,))
        self.outs.append(out)
        self.jobs.append(scale(out.partition((8,)), k).submit())


steps = Steps()
steps.add(2.0)
steps.add(3.0)
{order}
"""

_RUNNER = """

class Runner:
    def __init__(self, op: tr.Op, out: Tensor[f32]) -> None:
        self.op = op
        self.out = out

    def run(self) -> None:
        self.op.sync(){mark}
{more}

out = tr.zeros((32,))
runner = Runner(scale(out.partition((8,)), 2.0), out)
runner.run()
{again}
print(runner.out.to_numpy()[0])
"""

_PLAN = """

class Plan:
    def __init__(self, ops: list[tr.Op], out: Tensor[f32]) -> None:
        self.ops = ops
        self.out = out

    @staticmethod
    def build(n: int) -> "Plan":
        out = tr.ones((n,))
        return Plan([scale(out.partition((8,)), 2.0)], out)

    def execute(self) -> None:
        for op in self.ops:
            op.sync(){mark}


plan = Plan.build(32)
plan.execute()
{again}
print(plan.out.to_numpy()[0])
"""


_TEMPLATE = """

class Layer:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,))
        self.scratch = tr.zeros((n,))

    def op(self, x: Tensor[f32]) -> tr.Op:
        raise NotImplementedError

    def start(self, x: Tensor[f32]) -> tr.Pending:
        return self.op(x).submit()


class Copied(Layer):
    def op(self, x: Tensor[f32]) -> tr.Op:
        return copy(self.{written}.partition((8,)), x)


layer = Copied(32)
pending = layer.start(tr.ones((32,)))
{order}
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


_UPLOAD = """
    def upload(self) -> None:
        self.host = tr.from_numpy(self.host).partition((8,))
"""
_REARM = """
    def rearm(self) -> None:
        self.op = scale(self.out.partition((8,)), 2.0)
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC106": (
        valid(
            _case(_STAGING, more=_UPLOAD, before="stage.upload()\n"),
            "an attribute given an array and, by another method, a partition: not only arrays",
        ),
        valid(
            _case(
                _STAGING,
                more="",
                before="stage.host = tr.from_numpy(stage.host).partition((8,))\n",
            ),
            "an array attribute the module's code sets again outside the class",
        ),
    ),
    "TC102": (
        valid(
            _case(_BATCH, order="batch.drain()\nprint(batch.results())"),
            "the tensors a method appended, read by another after every Pending was waited",
        ),
        valid(
            _case(_STEPS, order="for job in steps.jobs:\n    job.wait()\nprint(steps.outs[1])"),
            "a dataclass's list fields grown by a method, read after its Pendings were waited",
        ),
        valid(
            _case(
                _TEMPLATE,
                written="scratch",
                order="print(layer.out.to_numpy()[0])\npending.wait()",
            ),
            "a base's method running the subclass's override, which writes another tensor",
        ),
        valid(
            _case(
                _TEMPLATE,
                written="out",
                order="pending.wait()\nprint(layer.out.to_numpy()[0])",
            ),
            "the output the subclass's override writes, read after the base's Pending is waited",
        ),
    ),
    "TC110": (
        valid(
            _case(_RUNNER, more=_REARM, again="runner.rearm()\nrunner.run()"),
            "an op kept as given, run, then replaced by a new one before the next run",
        ),
        valid(
            _case(_PLAN, again="Plan.build(32).execute()"),
            "a second plan from the static factory: its ops are new ones",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC106": (
        invalid(
            _case(_STAGING, "  # TC106", more="", before=""),
            "a numpy array __init__ keeps in an attribute, passed by a method as the output",
            typed=False,  # an attribute's array: the mypy plugin types the launch's arguments
        ),
        invalid(
            _SINK,
            "a dataclass field set to a numpy array by __post_init__, passed as the output",
            typed=False,  # an attribute's array: the mypy plugin types the launch's arguments
        ),
    ),
    "TC102": (
        invalid(
            _case(_BATCH, "  # TC102", order="print(batch.results())\nbatch.drain()"),
            "the tensors one method appended read by another while their writes are in flight "
            "(at the read inside it since round 34D)",
            typed=False,  # items of an attribute's list: beyond the mypy plugin's types
        ),
        invalid(
            _case(
                _STEPS,
                order="print([o.to_numpy()[0] for o in steps.outs])  # TC102\n"
                "for job in steps.jobs:\n    job.wait()",
            ),
            "a dataclass's list field read by the caller while the appended writes are in flight",
            typed=False,  # items of an attribute's list: beyond the mypy plugin's types
        ),
        invalid(
            _case(
                _TEMPLATE,
                written="out",
                order="print(layer.out.to_numpy()[0])  # TC102\npending.wait()",
            ),
            "a base's method submits the op the subclass's override makes: its output in flight",
        ),
    ),
    "TC110": (
        invalid(
            _case(_RUNNER, "  # TC110", more="", again="runner.run()"),
            "an op given to the construction, kept as given and run by each call of a method",
            typed=False,  # an op kept in an attribute: beyond the mypy plugin's types
        ),
        invalid(
            _case(_PLAN, "  # TC110", again="plan.execute()"),
            "ops a static factory keeps in the instance it returns, run again by a second call",
            typed=False,  # an op kept in an attribute: beyond the mypy plugin's types
        ),
    ),
}
