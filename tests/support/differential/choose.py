"""Where the generator's choices come from: hypothesis (for shrinking and the CI test) or a
seeded ``random.Random`` (for thousands of reproducible kernels on the GPU, one seed each)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Chooser(Protocol):
    def int(self, lo: int, hi: int) -> int: ...  # lo..hi inclusive

    def chance(self, p: float) -> bool: ...

    def pick(self, options: Sequence[T]) -> T: ...


class RandomChooser:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def int(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def pick(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]


class DrawChooser:
    """Choices drawn through a hypothesis ``draw`` function."""

    def __init__(self, draw: Callable[[Any], Any]) -> None:
        from hypothesis import strategies as st

        self.draw = draw
        self.st = st

    def int(self, lo: int, hi: int) -> int:
        return int(self.draw(self.st.integers(lo, hi)))

    def chance(self, p: float) -> bool:
        return int(self.draw(self.st.integers(0, 999))) < int(p * 1000)

    def pick(self, options: Sequence[T]) -> T:
        return options[self.int(0, len(options) - 1)]
