"""Residual connections through a small helper used by every layer: out = x + branch. The
helper takes plain tensors and partitions what the kernel needs."""

import numpy as np
from infercore import add, scale

import tilert as tr

TILE = 64


def residual(out: tr.Tensor, x: tr.Tensor, branch: tr.Tensor) -> None:
    add(out.partition((TILE,)), x, branch).sync()


rng = np.random.default_rng(35)
h = tr.from_numpy(rng.standard_normal(256).astype(np.float32))
branch = tr.empty((256,), name="branch")
nxt = tr.empty((256,), name="next")
scale(branch.partition((TILE,)), h, 0.5).sync()
residual(nxt, h, branch)
print(nxt.to_numpy()[:4])
