"""Lazy batch scaling: a generator expression of launches over zip() of the outputs and the
inputs; each plan is made as the generator is drawn, after the host peek."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


def scale_all(outs: list[tr.Tensor], inputs: list[tr.Tensor], factor: float) -> float:
    launches = (K.scale(tiles(o), x, factor) for o, x in zip(outs, inputs, strict=True))
    before = float(outs[0].to_numpy().sum())
    for op in launches:
        op.sync()
    return before


if __name__ == "__main__":
    outs = [tr.zeros(N, name=f"o{i}") for i in range(3)]
    ins = [upload(np.full(N, float(i)), name=f"x{i}") for i in range(3)]
    print(scale_all(outs, ins, 2.0), float(outs[2].to_numpy()[0]))
