import functools

import numpy as np
from llmhost.kernels import scale

import tilert as tr

halve = functools.partial(scale, alpha=0.5)

x = tr.full((64,), 8.0)
ys = [tr.zeros((64,)) for _ in range(3)]
src = x
for y in ys:
    halve(y.partition((16,)), src).sync()
    src = y
assert np.allclose(ys[-1].to_numpy(), 1.0)
print("partial ok")
