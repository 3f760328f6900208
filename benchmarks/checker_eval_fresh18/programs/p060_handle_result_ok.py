"""A helper returns a future-like ``Handle``; the caller reads through ``result()``, which
waits, and then reads ``out`` again."""

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


def scaled_async(x: tr.Tensor[tr.f32]) -> Handle:
    out = tr.empty(x.shape)
    return Handle(out, K.scale(tiles(out), x, 0.5).submit())


h = scaled_async(vec(np.arange(64)))
first = h.result().to_numpy()[:4]
assert np.array_equal(first, [0.0, 0.5, 1.0, 1.5])
assert h.out.to_numpy()[63] == 31.5
