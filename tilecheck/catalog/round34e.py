"""Examples of round 34E of issue 17 (a module class's construction given a borrowed object):
a ``@dataclass`` whose ``__post_init__`` reads or waits what its fields were given runs it on
the fields at the construction (``tilecheck.host.setup_runs``); a ``field(init=False)`` is no
parameter of the construction; an ``__init__``'s reads of its parameters are checked on the
arguments at the construction; ``self.a, self.b = a, b`` keeps both as given; ``raise
Busy(plan)`` caught in the same function by ``except Busy as err`` binds ``err`` to the
instance with its fields (``tilecheck.host.raised_objects``). The VALID ones
run clean and must stay silent; the INVALID ones are real errors (the interpreter raises at
the marked line, inside the class where it reads)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_STATS = """

class Stats:
    def __init__(self, name: str, t: tr.Tensor) -> None:
        self.name = name
        self.mean = float(t.to_numpy().mean())

"""

_JOB = """

class Job:
    def __init__(self, out: tr.Tensor, plan: tr.Partition) -> None:
        self.out, self.plan = out, plan

    def run(self) -> None:
        scale(self.plan, 2.0).sync()

"""

_BUSY = """

class Busy(Exception):
    def __init__(self, plan: tr.Partition, depth: int) -> None:
        super().__init__("queue full")
        self.plan, self.depth = plan, depth

"""

_SAMPLE = """
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Sample:
    logits: tr.Tensor
    pending: tr.Pending
    top: int = field(init=False)

    def __post_init__(self) -> None:
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC104": (
        valid(
            _JOB
            + """
def main() -> None:
    out = tr.ones((32,))
    job = Job(out, out.partition((32,)))
    job.run()
    print(out.to_numpy())
""",
            "a partition kept by a tuple store in __init__, consumed by a method before the read",
        ),
        valid(
            _BUSY
            + """
def main() -> None:
    out = tr.ones((32,))
    try:
        raise Busy(out.partition((32,)), 7)
    except Busy as err:
        scale(err.plan, 2.0).sync()
        print(out.to_numpy())
""",
            "an exception keeps a partition; its handler consumes err.plan before the read",
        ),
    ),
    "TC102": (
        valid(
            _STATS
            + """
def main() -> None:
    t = tr.ones((32,))
    scale(t.partition((32,)), 2.0).submit().wait()
    print(Stats("t", t).mean)
""",
            "__init__ reads a tensor argument whose op was waited before the construction",
        ),
        valid(
            _SAMPLE
            + """        self.pending.wait()
        self.top = int(np.argmax(self.logits.to_numpy()))


def main() -> None:
    logits = tr.ones((32,))
    s = Sample(logits, scale(logits.partition((32,)), 2.0).submit())
    print(s.top)
""",
            "a dataclass's __post_init__ waits the Pending field, then reads the tensor field",
        ),
        valid(
            _SAMPLE
            + """        self.top = int(np.argmax(self.logits.to_numpy()))


def sample(logits: tr.Tensor) -> Sample:
    pending = scale(logits.partition((32,)), 2.0).submit()
    pending.wait()
    return Sample(logits, pending)


def main() -> None:
    print(sample(tr.ones((32,))).top)
""",
            "a dataclass's __post_init__ reads a tensor field whose op was waited before",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC104": (
        invalid(
            _JOB
            + """
def main() -> None:
    out = tr.ones((32,))
    job = Job(out, out.partition((32,)))
    print(out.to_numpy())  # TC104
    job.run()
""",
            "a partition kept by a tuple store in __init__ alive when its tensor is read",
            typed=False,
        ),
        invalid(
            _BUSY
            + """
def main() -> None:
    out = tr.ones((32,))
    try:
        raise Busy(out.partition((32,)), 7)
    except Busy as err:
        print(out.to_numpy())  # TC104
        scale(err.plan, 2.0).sync()
""",
            "an exception keeps a partition; its handler reads the tensor before err.plan runs",
            typed=False,
        ),
    ),
    "TC102": (
        invalid(
            _STATS.replace("t.to_numpy().mean())", "t.to_numpy().mean())  # TC102")
            + """
def main() -> None:
    t = tr.ones((32,))
    pending = scale(t.partition((32,)), 2.0).submit()
    stats = [Stats("t", t)]
    pending.wait()
    print(stats[0].mean)
""",
            "__init__ reads a tensor argument an op in flight still writes",
            typed=False,
        ),
        invalid(
            _SAMPLE
            + """        self.top = int(np.argmax(self.logits.to_numpy()))  # TC102


def main() -> None:
    logits = tr.ones((32,))
    s = Sample(logits, scale(logits.partition((32,)), 2.0).submit())
    s.pending.wait()
    print(s.top)
""",
            "a dataclass's __post_init__ reads a tensor field its Pending field still writes",
            typed=False,
        ),
        invalid(
            _SAMPLE
            + """        self.top = int(np.argmax(self.logits.to_numpy()))  # TC102


def sample(logits: tr.Tensor) -> tuple[Sample, tr.Pending]:
    pending = scale(logits.partition((32,)), 2.0).submit()
    return Sample(logits, pending), pending


def main() -> None:
    s, pending = sample(tr.ones((32,)))
    pending.wait()
    print(s.top)
""",
            "a helper returns a dataclass built while its tensor is written; __post_init__ reads",
            typed=False,
        ),
    ),
}
