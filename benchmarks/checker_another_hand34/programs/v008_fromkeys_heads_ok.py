"""Multi-head scaling: dict.fromkeys maps every head name to the scratch shape, and each head's
launch partitions the scratch when it runs."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import upload

N = 256
SCALES = {"q": 0.125, "k": 1.0, "v": 1.0}


class HeadScaler:
    def __init__(self, names: tuple[str, ...], scratch: tr.Tensor) -> None:
        self.scratch = scratch
        self.plans = dict.fromkeys(names, scratch.shape)

    def run(self, x: tr.Tensor) -> list[float]:
        peaks = []
        for name, plan in self.plans.items():
            K.scale(self.scratch.partition((plan[0] // 4,)), x, SCALES[name]).sync()
            peaks.append(float(self.scratch.to_numpy().max()))
        return peaks


if __name__ == "__main__":
    scaler = HeadScaler(("q", "k", "v"), tr.zeros(N, name="scratch"))
    print(scaler.run(upload(np.arange(N), name="x")))
