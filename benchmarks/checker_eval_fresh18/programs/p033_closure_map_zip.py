"""A gradient step closure over one accumulator plan, mapped over micro-batches and zipped
into one op: the second op gets the plan the first one took."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


def make_step(acc: tr.Tensor[tr.f32]):
    plan = tiles(acc)

    def step(grad: tr.Tensor[tr.f32]) -> tr.Op:
        return K.accum(plan, grad)  # expect: TC109

    return step


acc = tr.zeros((128,))
micro = [vec(np.full(128, float(i))) for i in range(1, 3)]
tr.zip(*map(make_step(acc), micro)).sync()  # expect-also
print(acc.to_numpy()[0])
