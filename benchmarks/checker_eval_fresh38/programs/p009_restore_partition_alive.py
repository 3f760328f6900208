"""Restore a checkpoint into device buffers; the output partitions were made up front."""

import numpy as np
from trainkit import TILE, scale

import tilert as tr

names = ["w_in", "w_out"]
weights = {n: tr.zeros((1024,), name=n) for n in names}
ckpt = {n: np.full(1024, i + 1.0, dtype=np.float32) for i, n in enumerate(names)}

parts = {n: weights[n].partition((TILE,)) for n in names}
for n in names:
    weights[n].copy_from(ckpt[n])  # expect: TC104
for n in names:
    scale(parts[n], 0.5).sync()
print({n: float(weights[n].to_numpy()[0]) for n in names})
