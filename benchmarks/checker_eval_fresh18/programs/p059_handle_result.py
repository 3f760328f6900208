"""A helper returns a future-like ``Handle`` whose ``result()`` waits; the caller reads the
handle's ``out`` attribute directly instead."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Handle:
    def __init__(self, out: tr.Tensor[tr.f32], pending: tr.Pending) -> None:
        self.out = out
        self._pending = pending

    def result(self) -> tr.Tensor[tr.f32]:
        self._pending.wait()
        return self.out


def rmsnorm_async(x: tr.Tensor[tr.f32]) -> Handle:
    out = tr.empty(x.shape)
    return Handle(out, K.scale(tiles(out), x, 0.1).submit())


h = rmsnorm_async(vec(np.arange(64)))
preview = h.out.to_numpy()[:4]  # expect: TC102
print(preview, h.result().to_numpy()[:4])
