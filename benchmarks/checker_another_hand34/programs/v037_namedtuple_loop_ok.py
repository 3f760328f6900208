"""Launch specs as a typing.NamedTuple whose output tensor has a default; the sweep builds a spec
per factor by keyword and partitions the output per launch."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128
SCRATCH = tr.zeros(N, name="scratch")


class Launch(NamedTuple):
    factor: float
    out: tr.Tensor = SCRATCH


def sweep(x: tr.Tensor, factors: tuple[float, ...]) -> list[float]:
    peaks = []
    for factor in factors:
        job = Launch(factor=factor)
        K.scale(tiles(job.out), x, job.factor).sync()
        peaks.append(float(SCRATCH.to_numpy().max()))
    return peaks


if __name__ == "__main__":
    print(sweep(upload(np.arange(N), name="x"), (0.5, 2.0)))
