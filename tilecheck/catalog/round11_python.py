"""Examples of round 11 of issue 17 (the fifth held-out evaluation's ordinary Python): a
``@property`` is its method run with no arguments (a property returning a partition, passed for
a Shared parameter, is TC106 as the method form is), and a method's effects keep their order
relative to its own reads (an override that reads ``self.buf`` and then calls
``super().finish()``, which waits the Pending ``start()`` left, reads before the wait: TC102;
the same inside one method). The VALID ones run clean and must stay silent; the INVALID ones
are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_STAGE = """

class Stage:
    def __init__(self) -> None:
        self.buf = tr.zeros((256,))
        self.job: tr.Pending | None = None

    def start(self) -> None:
        self.job = scale(self.buf.partition((64,)), 2.0).submit()

    def finish(self) -> float:
        if self.job is not None:
            self.job.wait()
        return float(self.buf.to_numpy().sum())
"""

_MIXER = """

class Mixer:
    def __init__(self) -> None:
        self.a = tr.ones((256,))
        self.b = tr.zeros((256,))

    @property
    def a_tiles(self) -> tr.Partition[f32]:
        return self.a.partition((64,))

    @property
    def source(self) -> tr.Tensor[f32]:
        return self.a
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _STAGE
            + """

class Traced(Stage):
    def finish(self) -> float:
        total = super().finish()
        print("head", self.buf.to_numpy()[:2])
        return total


def main() -> None:
    stage = Traced()
    stage.start()
    print(stage.finish())
""",
            "the override calls `super().finish()` (which waits) before it reads",
        ),
        valid(
            _STAGE
            + """

class Labelled(Stage):
    def __init__(self) -> None:
        super().__init__()
        self.name = tr.ones((4,))

    def finish(self) -> float:
        print("stage", self.name.to_numpy())
        return super().finish()


def main() -> None:
    stage = Labelled()
    stage.start()
    print(stage.finish())
""",
            "what the override reads before `super().finish()` is no tensor the Pending writes",
        ),
        valid(
            _STAGE
            + """

def main() -> None:
    stage = Stage()
    print(stage.buf.to_numpy()[:2])
    stage.start()
    print(stage.finish())
""",
            "read before `start()` submits, and by `finish()` after its wait",
        ),
    ),
    "TC106": (
        valid(
            _MIXER
            + """

    def run(self) -> None:
        copy(self.b.partition((64,)), self.source).sync()
        scale(self.a_tiles, 2.0).sync()


def main() -> None:
    Mixer().run()
""",
            "a property returning the tensor for Shared, one returning a partition for Mutable",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _STAGE
            + """

class Traced(Stage):
    def finish(self) -> float:
        print("head", self.buf.to_numpy()[:2])  # TC102
        return super().finish()


def main() -> None:
    stage = Traced()
    stage.start()
    print(stage.finish())
""",
            "the override reads `self.buf` before `super().finish()` waits for the Pending",
            typed=False,
        ),
        invalid(
            """

class Stage:
    def __init__(self) -> None:
        self.buf = tr.zeros((256,))
        self.job: tr.Pending | None = None

    def start(self) -> None:
        self.job = scale(self.buf.partition((64,)), 2.0).submit()

    def finish(self) -> float:
        print("head", self.buf.to_numpy()[:2])  # TC102
        if self.job is not None:
            self.job.wait()
        return float(self.buf.to_numpy().sum())


def main() -> None:
    stage = Stage()
    stage.start()
    print(stage.finish())
""",
            "one method reads `self.buf` before it waits for the Pending `start()` left",
            typed=False,
        ),
    ),
    "TC106": (
        invalid(
            _MIXER
            + """

    def run(self) -> None:
        copy(self.b.partition((64,)), self.a_tiles).sync()  # TC106


def main() -> None:
    Mixer().run()
""",
            "a property returning a partition, passed for a Shared parameter",
            typed=False,
        ),
    ),
}
