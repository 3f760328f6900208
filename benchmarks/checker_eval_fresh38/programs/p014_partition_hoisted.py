"""Hoisting the partition out of the loop to save host time."""

from trainkit import TILE, sgd_step

import tilert as tr

param = tr.ones((8192,), name="param")
grad = tr.full((8192,), 0.01, name="grad")

param_tiles = param.partition((TILE,))
for _step in range(100):
    sgd_step(param_tiles, grad, 1e-3).sync()  # expect: TC109
print(param.to_numpy()[0])
