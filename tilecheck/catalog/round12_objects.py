"""Examples of round 12 of issue 17 (holders crossing an object's boundary): a method that
allocates a tensor, keeps the Pending of a write to it in an attribute and returns the tensor
leaves the caller's tensor in flight until that attribute's Pending is waited; an object kept by
another (``self.store = store``) is the caller's object itself; what a construction keeps as
given (``Job(buf, pend)``, also returned by a helper) keeps its borrows. (Imported base
classes and module attributes, ``mod.helper(t)``, need a second module: their cases are
programs of tests/tilecheck/programs, ``pkg_base_subclass_*`` and ``pkg_module_attr_*``.)
The VALID ones run clean and must stay silent; the INVALID ones are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_CACHE = """

class Cache:
    def __init__(self) -> None:
        self.pend: tr.Pending | None = None

    def get(self) -> tr.Tensor:
        t = tr.zeros((256,))
        self.pend = scale(t.partition((64,)), 3.0).submit()
        return t

    def close(self) -> None:
        if self.pend is not None:
            self.pend.wait()
            self.pend = None
"""

_SHARED = """

class Store:
    def __init__(self) -> None:
        self.buf = tr.zeros((4, 256))

    def row(self, i: int) -> tr.Tensor:
        return self.buf[i]


class Writer:
    def __init__(self, store: Store) -> None:
        self.store = store

    def bump(self, i: int) -> tr.Pending:
        return scale(self.store.row(i).partition((64,)), 2.0).submit()


class Reader:
    def __init__(self, store: Store) -> None:
        self.store = store

    def peek(self, i: int) -> float:
        return float(self.store.row(i).to_numpy().sum())
"""

_JOB = """
from dataclasses import dataclass


@dataclass
class Job:
    buf: tr.Tensor
    pend: tr.Pending

    def finish(self) -> None:
        self.pend.wait()

    def head(self) -> float:
        return float(self.buf.to_numpy()[0])


def start() -> Job:
    buf = tr.zeros((256,))
    return Job(buf, scale(buf.partition((64,)), 2.0).submit())
"""

_PAIR = """

class Model:
    def __init__(self) -> None:
        self.w = tr.ones((256,))
        self.y = tr.zeros((256,))

    def run(self) -> tr.Pending:
        return copy(self.y.partition((64,)), self.w).submit()


class Tuner:
    def __init__(self, model: Model) -> None:
        self.model = model

    def update(self) -> None:
        scale(self.model.w.partition((64,)), 0.5).sync()
"""

_FILLS = """

class Fills:
    def __init__(self) -> None:
        self.pend: dict[str, tr.Pending] = {}

    def get(self, key: str) -> tr.Tensor:
        t = tr.zeros((256,))
        self.pend[key] = scale(t.partition((64,)), 3.0).submit()
        return t

    def close(self) -> None:
        for p in self.pend.values():
            p.wait()
"""

_MADE = """

class Model:
    def __init__(self) -> None:
        self.w = tr.ones((256,))
        self.y = tr.zeros((256,))

    def run(self) -> tr.Pending:
        return copy(self.y.partition((64,)), self.w).submit()


class Trainer:
    def __init__(self) -> None:
        self.model = Model()

    def start(self) -> tr.Pending:
        return self.model.run()

    def update(self) -> None:
        scale(self.model.w.partition((64,)), 0.5).sync()
"""

_OBJECTS_VALID = (
    valid(
        _SHARED
        + """

def main() -> None:
    s = Store()
    w, r = Writer(s), Reader(s)
    p = w.bump(2)
    p.wait()
    print(r.peek(2))
""",
        "two objects keep one holder object: the writer's Pending waited before the reader "
        "reads the row",
    ),
    valid(
        _SHARED
        + """

def main() -> None:
    w, r = Writer(Store()), Reader(Store())
    p = w.bump(2)
    print(r.peek(2))
    p.wait()
""",
        "two holder objects, one each: the reader's row is not the one in flight",
    ),
    valid(
        _SHARED
        + """

def main() -> None:
    s = Store()
    w = Writer(s)
    p = w.bump(2)
    print(Reader(s).peek(1))
    p.wait()
""",
        "one holder object: another row of it read while one row is written",
    ),
    valid(
        _JOB
        + """

def main() -> None:
    buf = tr.zeros((256,))
    p = scale(buf.partition((64,)), 2.0).submit()
    p.wait()
    job = Job(buf, p)
    print(job.head())
    job.finish()
""",
        "a construction given a Pending already waited",
    ),
    valid(
        _JOB
        + """

def main() -> None:
    jobs = []
    for _ in range(2):
        buf = tr.zeros((256,))
        jobs.append(Job(buf, scale(buf.partition((64,)), 2.0).submit()))
    for job in jobs:
        job.finish()
    for job in jobs:
        print(job.head())
""",
        "jobs made into a list, then drained, then read",
    ),
    valid(
        _JOB
        + """

def main() -> None:
    job = start()
    held = [job]
    for j in held:
        j.finish()
    print(job.head())
""",
        "a job a helper returns, waited through a list that holds it too",
    ),
    valid(
        _JOB
        + """

def main() -> None:
    job = start()
    job.finish()
    print(job.head(), job.buf.to_numpy()[1])
""",
        "a job a helper returns, finished before it is read",
    ),
    valid(
        _FILLS
        + """

def main() -> None:
    f = Fills()
    a, b = f.get("a"), f.get("b")
    f.close()
    print(a.to_numpy()[:2], b.to_numpy()[:2])
""",
        "Pendings kept under keys of a dict attribute, waited before the tensors are read",
    ),
)

VALID: dict[str, tuple[Case, ...]] = {
    "TC103": (
        valid(
            _PAIR
            + """

def main() -> None:
    model = Model()
    tuner = Tuner(model)
    p = model.run()
    p.wait()
    tuner.update()
""",
            "an object kept by another: its Pending waited before the other partitions it",
        ),
        valid(
            _MADE
            + """

def main() -> None:
    a, b = Trainer(), Trainer()
    p = a.start()
    b.update()
    p.wait()
    a.update()
""",
            "an object each instance makes in ``__init__`` (``self.model = Model()``): "
            "another instance's is another object",
        ),
    ),
    "TC102": (
        *_OBJECTS_VALID,
        valid(
            _CACHE
            + """

def main() -> None:
    c = Cache()
    v = c.get()
    c.close()
    print(v.to_numpy()[:2])
""",
            "a method returns a tensor whose write it keeps in an attribute; the object's "
            "Pending waited before the caller reads it",
        ),
        valid(
            _CACHE
            + """

def main() -> None:
    a, b = Cache(), Cache()
    va = a.get()
    vb = b.get()
    b.close()
    print(vb.to_numpy()[:2])
    a.close()
    print(va.to_numpy()[:2])
""",
            "two objects: each tensor read after its own object's Pending is waited",
        ),
        valid(
            """

class Filled:
    def __init__(self) -> None:
        self.pend: tr.Pending | None = None

    def get(self) -> tr.Tensor:
        t = tr.zeros((256,))
        self.pend = scale(t.partition((64,)), 3.0).submit()
        self.pend.wait()
        return t


def main() -> None:
    v = Filled().get()
    print(v.to_numpy()[:2])
""",
            "the method waits the Pending it keeps before it returns the tensor",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC103": (
        invalid(
            _PAIR.replace(
                "scale(self.model.w.partition((64,)), 0.5).sync()",
                "scale(self.model.w.partition((64,)), 0.5).sync()  # TC103",
            )
            + """

def main() -> None:
    model = Model()
    tuner = Tuner(model)
    p = model.run()
    tuner.update()
    p.wait()
""",
            "an object kept by another (``self.model = model``): the other partitions its "
            "tensor while the object's own launch still reads it",
            typed=False,
        ),
        invalid(
            _MADE.replace(
                "scale(self.model.w.partition((64,)), 0.5).sync()",
                "scale(self.model.w.partition((64,)), 0.5).sync()  # TC103",
            )
            + """

def main() -> None:
    trainer = Trainer()
    p = trainer.start()
    trainer.update()
    p.wait()
""",
            "an object made in ``__init__`` (``self.model = Model()``): one method submits a "
            "read of its tensor, another partitions it before that is waited",
            typed=False,
        ),
    ),
    "TC102": (
        invalid(
            _SHARED.replace(
                "return float(self.store.row(i).to_numpy().sum())",
                "return float(self.store.row(i).to_numpy().sum())  # TC102",
            )
            + """

def main() -> None:
    s = Store()
    w, r = Writer(s), Reader(s)
    p = w.bump(2)
    print(r.peek(2))
    p.wait()
""",
            "two objects keep one holder object: one writes a row of it, the other reads that "
            "row while the write is in flight",
            typed=False,
        ),
        invalid(
            _JOB.replace(
                "return float(self.buf.to_numpy()[0])",
                "return float(self.buf.to_numpy()[0])  # TC102",
            )
            + """

def main() -> None:
    job = start()
    print(job.head())
    job.finish()
""",
            "a helper returns a dataclass made of a tensor and the Pending of a write to it; "
            "its method reads the tensor before the Pending is waited",
            typed=False,
        ),
        invalid(
            _JOB
            + """

def main() -> None:
    buf = tr.zeros((256,))
    job = Job(buf, scale(buf.partition((64,)), 2.0).submit())
    print(buf.to_numpy()[0])  # TC102
    job.finish()
""",
            "a construction keeps the Pending it is given: the tensor read while it is in flight",
            typed=False,
        ),
        invalid(
            _FILLS
            + """

def main() -> None:
    f = Fills()
    a = f.get("a")
    print(a.to_numpy()[:2])  # TC102
    f.close()
""",
            "a method keeps the Pending of a write under a key of a dict attribute and returns "
            "the tensor; the caller reads it before the Pending is waited",
            typed=False,
        ),
        invalid(
            _CACHE
            + """

def main() -> None:
    c = Cache()
    v = c.get()
    print(v.to_numpy()[:2])  # TC102
    c.close()
""",
            "a method returns a tensor whose write's Pending it keeps in an attribute; the "
            "caller reads the tensor before the object's Pending is waited",
            typed=False,
        ),
    ),
}
