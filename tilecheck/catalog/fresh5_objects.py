"""Examples of round 10 of issue 17 (the fifth held-out evaluation's reproductions, objects and
helpers): a ``@dataclass`` whose ``__post_init__`` keeps a partition of its own tensor (set up
as ``__init__`` would: TC104 on a method's read of the tensor), a ``functools.partial`` that
binds a partition called twice (the second call's launch finds it consumed: TC109), and a
helper that waits its Pending parameter only under a flag the call gives a constant ``False``
(no wait: the caller's read is TC102). The VALID ones run clean and must stay silent; the
INVALID ones are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_BIAS = """
from dataclasses import dataclass, field


@dataclass
class Bias:
    n: int
    val: tr.Tensor = field(init=False)
    tiles: tr.Partition = field(init=False)

    def __post_init__(self) -> None:
        self.val = tr.zeros((self.n,))
        self.tiles = self.val.partition((64,))

    def total(self) -> float:
        return float(self.val.to_numpy().sum())

    def bump(self) -> None:
        scale(self.tiles, 2.0).sync()
"""

_PARTIAL = "\nimport functools\n"

_SETTLE = """

def settle(job: tr.Pending, now: bool = True) -> None:
    if not now:
        return
    job.wait()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC104": (
        valid(
            _BIAS
            + """

def main() -> None:
    b = Bias(256)
    b.bump()
    print(b.total())
""",
            "the partition `__post_init__` kept is consumed (and synced) before the read",
        ),
    ),
    "TC109": (
        valid(
            _PARTIAL
            + """

def main() -> None:
    acc = tr.zeros((256,))
    step = functools.partial(scale, acc.partition((64,)))
    step(2.0).sync()
    print(acc.to_numpy())
""",
            "the partial's partition consumed by its one call",
        ),
        valid(
            _PARTIAL
            + """

def main() -> None:
    acc = tr.zeros((256,))
    for a in [2.0, 3.0]:
        step = functools.partial(scale, acc.partition((64,)))
        step(a).sync()
""",
            "a new partial, with a new partition, for each call",
        ),
    ),
    "TC102": (
        valid(
            _SETTLE
            + """

def main() -> None:
    out = tr.zeros((256,))
    job = scale(out.partition((64,)), 2.0).submit()
    settle(job, now=True)
    print(out.to_numpy())
""",
            "the flag is True: the helper waits the Pending before the read",
        ),
        valid(
            _SETTLE
            + """

def main() -> None:
    out = tr.zeros((256,))
    job = scale(out.partition((64,)), 2.0).submit()
    settle(job)
    print(out.to_numpy())
""",
            "the flag's default is True: the helper waits",
        ),
        valid(
            _SETTLE
            + """

def main() -> None:
    out = tr.zeros((256,))
    job = scale(out.partition((64,)), 2.0).submit()
    settle(job, False)
    job.wait()
    print(out.to_numpy())
""",
            "the helper does not wait, the caller does, before the read",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC104": (
        invalid(
            _BIAS.replace(".sum())", ".sum())  # TC104")
            + """

def main() -> None:
    b = Bias(256)
    print(b.total())
    b.bump()
""",
            "`__post_init__` keeps a partition of `val`: the method reads `val` while it is alive",
        ),
    ),
    "TC109": (
        invalid(
            _PARTIAL
            + """

def main() -> None:
    acc = tr.zeros((256,))
    step = functools.partial(scale, acc.partition((64,)))
    step(2.0).sync()
    step(3.0).sync()  # TC109
""",
            "the partial binds one partition: its second call's launch finds it consumed",
        ),
    ),
    "TC102": (
        invalid(
            _SETTLE
            + """

def main() -> None:
    out = tr.zeros((256,))
    job = scale(out.partition((64,)), 2.0).submit()
    settle(job, now=False)
    print(out.to_numpy())  # TC102
    job.wait()
""",
            "given `now=False` the helper returns before waiting: the read meets the launch",
        ),
        invalid(
            _SETTLE
            + """

def main() -> None:
    out = tr.zeros((256,))
    job = scale(out.partition((64,)), 2.0).submit()
    settle(job, False)
    print(out.to_numpy())  # TC102
    job.wait()
""",
            "the flag given by position, the same",
        ),
    ),
}
