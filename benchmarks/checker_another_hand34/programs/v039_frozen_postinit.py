"""Checkpoint records as a frozen dataclass whose __post_init__ computes a digest of the
weights; a record is made right after the update is submitted."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


@dataclass(frozen=True)
class Checkpoint:
    step: int
    weights: tr.Tensor
    digest: float = field(init=False)

    def __post_init__(self) -> None:
        digest = float(np.abs(self.weights.to_numpy()).sum())  # expect: TC102
        object.__setattr__(self, "digest", digest)


def train(steps: int) -> list[Checkpoint]:
    grad = upload(np.full(N, 0.25), name="grad")
    weights = tr.zeros(N, name="weights")
    history = []
    for step in range(steps):
        pending = K.scale(tiles(weights), grad, float(step)).submit()
        history.append(Checkpoint(step, weights))  # expect-also
        pending.wait()
    return history


if __name__ == "__main__":
    print([c.digest for c in train(2)])
