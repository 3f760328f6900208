"""A training monitor whose static helper sums the mass of a list of tensors; it is called with
every layer's update once all the updates are waited."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


class Monitor:
    @staticmethod
    def total_mass(tensors: list[tr.Tensor]) -> float:
        mass = 0.0
        for t in tensors:
            mass += float(np.abs(t.to_numpy()).sum())
        return mass


def step(grads: list[tr.Tensor], lr: float) -> float:
    updates = [tr.zeros(N, name=f"u{i}") for i in range(len(grads))]
    pendings = [K.scale(tiles(u), g, -lr).submit() for u, g in zip(updates, grads, strict=True)]
    for p in pendings:
        p.wait()
    mass = Monitor.total_mass(updates)
    return mass


if __name__ == "__main__":
    print(step([upload(np.full(N, 1.0 + i), name=f"g{i}") for i in range(3)], 0.1))
