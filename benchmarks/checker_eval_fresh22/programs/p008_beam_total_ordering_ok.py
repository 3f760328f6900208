"""Beam pruning with functools.total_ordering, both rescorings waited before `>=`."""

from __future__ import annotations

import functools

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import upload

import tilert as tr


@functools.total_ordering
class Beam:
    def __init__(self, name: str, logp: np.ndarray) -> None:
        self.name = name
        self.logp = upload(logp)
        self.score = tr.zeros((1,), name=f"score_{name}")

    def rescore(self, penalty: float) -> tr.Pending:
        return K.scale(self.score.partition((1,)), self.logp, penalty).submit()

    def value(self) -> float:
        return float(self.score.to_numpy()[0])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Beam) and self.value() == other.value()

    def __lt__(self, other: Beam) -> bool:
        return self.value() < other.value()


a = Beam("a", np.array([-1.5], dtype=np.float32))
b = Beam("b", np.array([-2.0], dtype=np.float32))
pending = [a.rescore(0.9), b.rescore(0.9)]
for p in pending:
    p.wait()
keep = a if a >= b else b
assert keep.name == "a"
print("keep", keep.name)
