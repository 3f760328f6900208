"""A launch-preparation helper taking keyword tensors and returning a dict comprehension of
their plans; the caller passes only the output."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


def prepare(**tensors: tr.Tensor) -> dict[str, tr.Partition]:
    return {name: tiles(t) for name, t in tensors.items()}


def residual_add(out: tr.Tensor, x: tr.Tensor, res: tr.Tensor) -> np.ndarray:
    plans = prepare(out=out)
    K.add(plans["out"], x, res).sync()
    return out.to_numpy()


if __name__ == "__main__":
    x = upload(np.arange(N), name="x")
    res = upload(np.ones(N), name="res")
    print(residual_add(tr.zeros(N, name="out"), x, res)[:4])
