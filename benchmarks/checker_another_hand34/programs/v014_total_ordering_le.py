"""Beam search: beams ordered by functools.total_ordering from __gt__ and __eq__; the pruning
test `cand <= best` is the derived operator, run on a beam whose score launch is in flight."""

from __future__ import annotations

import functools

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


@functools.total_ordering
class Beam:
    def __init__(self, tokens: list[int], logprob: tr.Tensor) -> None:
        self.tokens = tokens
        self.logprob = logprob

    def total(self) -> float:
        return float(self.logprob.to_numpy().sum())  # expect: TC102

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Beam) and self.total() == other.total()

    def __gt__(self, other: Beam) -> bool:
        return self.total() > other.total()

    __hash__ = None  # type: ignore[assignment]


def search(steps: int) -> list[int]:
    base = upload(np.linspace(-2.0, 0.0, N), name="base")
    best = Beam([0], upload(np.full(N, -3.0), name="lp0"))
    for step in range(1, steps + 1):
        cand = Beam([*best.tokens, step], tr.zeros(N, name=f"lp{step}"))
        pending = K.scale(tiles(cand.logprob), base, 1.0 / step).submit()
        if cand <= best:  # expect-also
            pending.wait()
            continue
        pending.wait()
        best = cand
    return best.tokens


if __name__ == "__main__":
    print(search(3))
