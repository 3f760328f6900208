"""A .then callback as an object with __call__, adding its bias to the chained partition."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


class AddBias:
    def __init__(self, bias: tr.Tensor) -> None:
        self.bias = bias
        self.calls = 0

    def __call__(self, zp: tr.Partition, *_rest: object) -> tr.Op:
        self.calls += 1
        return K.accum(zp, self.bias)


x = tr.arange(128)
z = tr.zeros(128)
hook = AddBias(tr.ones(128))
K.scale(tiles(z), x, 2.0).then(hook).then(hook).sync()
assert hook.calls == 2
assert np.array_equal(z.to_numpy(), 2 * np.arange(128, dtype=np.float32) + 2)
