"""A closure making a fresh plan for each micro-batch's own output, mapped and zipped into one
op, then summed on the host."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


def make_step(outs: list[tr.Tensor[tr.f32]]):
    def step(i: int, grad: tr.Tensor[tr.f32]) -> tr.Op:
        return K.scale(tiles(outs[i]), grad, 0.5)

    return step


micro = [vec(np.full(128, float(i))) for i in range(1, 3)]
outs = [tr.empty((128,)) for _ in micro]
tr.zip(*map(make_step(outs), range(len(micro)), micro)).sync()
total = sum(o.to_numpy() for o in outs)
assert np.allclose(total, 1.5)
