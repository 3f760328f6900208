"""Parameter updates zipped into one op and synced; the grads are read on the host afterwards."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import axpy

import tilert as tr

N = 32


class Optimizer:
    def __init__(self, names: list[str]) -> None:
        self.params = {name: tr.ones((N,), name=name) for name in names}

    def step(self, grads: dict[str, tr.Tensor], lr: float) -> float:
        ops = [axpy(self.params[k].partition((16,)), grads[k], -lr) for k in self.params]
        tr.zip(*ops).sync()
        return float(sum(np.abs(g.to_numpy()).sum() for g in grads.values()))


opt = Optimizer(["wq", "wk", "wv"])
grads = {k: tr.full((N,), 2.0) for k in opt.params}
norm = opt.step(grads, 0.25)
assert norm == 3 * N * 2.0
assert all(np.allclose(p.to_numpy(), 0.5) for p in opt.params.values())
