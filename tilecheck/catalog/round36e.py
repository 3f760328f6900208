"""Examples of round 36E of issue 17 (what object fields hold across method calls): an
attribute the module reads only to poll what it holds (``x.pending.done()``, ``x.pending is
None``, ``x.pending is not None``, ``if x.pending:``: ``tilecheck.host.polled_fields``) is, to
a Pending stored there, an attribute no code reads, so nothing can ever wait it (TC108 where it
was submitted), whether the store is in ``__init__``, in a method or a helper given the
instance, or at module level; any other read of the attribute (a wait, a second name) keeps it
taken as waited. The VALID ones run clean and must stay silent; the INVALID ones are real errors
(the interpreter warns at the marked line).

A partition an instance is given (``self.part = part`` of a parameter annotated
``tr.Partition``, or a ``@dataclass`` field so annotated: ``tilecheck.host.annotated_fields``)
is consumed by a method that launches with ``self.part`` in a line every call runs
(``tilecheck.host.consumed_fields``): a second call on the same instance is TC109 inside the
method, where the runtime raises; an instance returned in a tuple and unpacked into names keeps
its fields (``tilecheck.host.tuple_instances``)."""

from __future__ import annotations

from dataclasses import replace

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as _plain_invalid
from tilecheck.catalog.fresh_silences import _valid as valid


def invalid(body: str, note: str) -> Case:
    """A case the mypy plugin does not read as the checker does (it types each launch alone:
    an attribute's uses across the module are not followed)."""
    return replace(_plain_invalid(body, note), typed=False)


_JOB = """

class Job:
    def __init__(self, out: tr.Tensor) -> None:
        self.out = out
        self.pending: tr.Pending | None = None

"""

_STEP = """
from dataclasses import dataclass


@dataclass
class Step:
    part: tr.Partition
    src: tr.Tensor

"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        valid(
            """

class Step:
    def __init__(self, part: tr.Partition, src: tr.Tensor) -> None:
        self.part = part
        self.src = src

    def run(self, first: bool) -> None:
        if first:
            copy(self.part, self.src).sync()


def main() -> None:
    out = tr.zeros((32,))
    step = Step(out.partition((32,)), tr.ones((32,)))
    step.run(True)
    step.run(False)
    print(out.to_numpy())
""",
            "a partition field consumed only on the calls a parameter selects",
        ),
        valid(
            _STEP
            + """
    def run(self) -> None:
        copy(self.part, self.src).sync()


def main() -> None:
    a, b = tr.zeros((32,)), tr.zeros((32,))
    first = Step(a.partition((32,)), tr.ones((32,)))
    second = Step(b.partition((32,)), tr.ones((32,)))
    first.run()
    second.run()
    print(a.to_numpy(), b.to_numpy())
""",
            "two instances, each consuming its own partition field once",
        ),
        valid(
            _STEP
            + """
    def run(self) -> None:
        copy(self.part, self.src).sync()


def build(out: tr.Tensor) -> tuple[tr.Tensor, Step]:
    return out, Step(out.partition((32,)), tr.ones((32,)))


def main() -> None:
    buf = tr.zeros((32,))
    for _ in range(3):
        _, step = build(buf)
        step.run()
    print(buf.to_numpy())
""",
            "a fresh instance (returned in a tuple) built each turn, its partition consumed once",
        ),
    ),
    "TC108": (
        valid(
            _JOB
            + """
    def start(self) -> None:
        self.pending = scale(self.out.partition((32,)), 2.0).submit()

    def busy(self) -> bool:
        return self.pending is not None and not self.pending.done()

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


def main() -> None:
    job = Job(tr.ones((32,)))
    job.start()
    print(job.busy())
    job.finish()
    print(job.out.to_numpy())
""",
            "a Pending polled by done() and waited by another method",
        ),
        valid(
            _JOB
            + """

def main() -> None:
    job = Job(tr.ones((32,)))
    job.pending = scale(job.out.partition((32,)), 2.0).submit()
    if job.pending is not None and not job.pending.done():
        print("busy")
    pend = job.pending
    pend.wait()
    print(job.out.to_numpy())
""",
            "a polled attribute also read into a name that waits it",
        ),
        valid(
            _JOB
            + """

def main() -> None:
    job = Job(tr.ones((32,)))
    if not job.pending:
        job.pending = scale(job.out.partition((32,)), 2.0).submit()
    if job.pending and not job.pending.done():
        print("busy")
    if job.pending is not None:
        job.pending.wait()
    print(job.out.to_numpy())
""",
            "an attribute tested for truth and polled, then waited",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        invalid(
            """

class Step:
    def __init__(self, part: tr.Partition, src: tr.Tensor) -> None:
        self.part = part
        self.src = src

    def run(self) -> None:
        copy(self.part, self.src).sync()  # TC109


def main() -> None:
    out = tr.zeros((32,))
    step = Step(out.partition((32,)), tr.ones((32,)))
    step.run()
    step.run()
""",
            "a partition given to __init__ consumed by each call of a method, called twice",
        ),
        invalid(
            _STEP
            + """
    def run(self) -> None:
        copy(self.part, self.src).sync()  # TC109


def main() -> None:
    out = tr.zeros((32,))
    step = Step(out.partition((32,)), tr.ones((32,)))
    for _ in range(3):
        step.run()
""",
            "a dataclass's Partition field consumed by a method called in a loop",
        ),
        invalid(
            _STEP
            + """
    def run(self) -> None:
        copy(self.part, self.src).sync()  # TC109


def build(n: int) -> tuple[tr.Tensor, Step]:
    out = tr.zeros((n,))
    return out, Step(out.partition((32,)), tr.ones((n,)))


def main() -> None:
    out, step = build(32)
    step.run()
    step.run()
    print(out.to_numpy())
""",
            "the instance built by a helper returned in a tuple, its method called twice",
        ),
    ),
    "TC108": (
        invalid(
            _JOB
            + """

def launch(job: Job) -> None:
    job.pending = scale(job.out.partition((32,)), 2.0).submit()  # TC108


def main() -> None:
    job = Job(tr.ones((32,)))
    launch(job)
    print(job.pending is not None and job.pending.done())
""",
            "a helper stores the Pending into the instance; the caller only polls done()",
        ),
        invalid(
            _JOB
            + """

def main() -> None:
    job = Job(tr.ones((32,)))
    job.pending = scale(job.out.partition((32,)), 2.0).submit()  # TC108
    while not job.pending.done():
        pass
    print("done")
""",
            "a Pending stored into an attribute and only polled until done",
        ),
        invalid(
            _JOB
            + """

def main() -> None:
    job = Job(tr.ones((32,)))
    if not job.pending:
        job.pending = scale(job.out.partition((32,)), 2.0).submit()  # TC108
    print("busy" if job.pending and not job.pending.done() else "idle")
""",
            "an attribute only tested for truth and polled: its Pending is never waited",
        ),
        invalid(
            """

class Prefetch:
    def __init__(self, out: tr.Tensor) -> None:
        self.out = out
        self.handle = scale(out.partition((32,)), 2.0).submit()  # TC108

    def ready(self) -> bool:
        return self.handle.done()


def main() -> None:
    p = Prefetch(tr.ones((32,)))
    if p.ready():
        print("ready")
""",
            "__init__ submits into an attribute that a method only polls",
        ),
    ),
}
