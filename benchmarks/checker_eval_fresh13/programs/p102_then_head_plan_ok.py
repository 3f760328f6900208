"""A .then callback that launches on the head's plan object by name: the same partition the chain
hands along, so the second kernel writes the same tiles."""

import numpy as np
from llmrig import kernels as K

import tilert as tr

x = tr.arange(128)
z = tr.zeros(128)
plan = z.partition((64,))
bias = tr.ones(128)


def add_bias(_zp: tr.Partition, *_rest: object) -> tr.Op:
    return K.accum(plan, bias)


K.scale(plan, x, 2.0).then(add_bias).sync()
assert np.array_equal(z.to_numpy(), 2 * np.arange(128, dtype=np.float32) + 1)
