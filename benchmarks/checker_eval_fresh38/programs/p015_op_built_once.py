"""The update op is built once and run each step."""

from trainkit import TILE, sgd_step

import tilert as tr

param = tr.ones((2048,), name="param")
grad = tr.full((2048,), 0.5, name="grad")

update = sgd_step(param.partition((TILE,)), grad, 0.1)
for _step in range(3):
    update.sync()  # expect: TC110
print(param.to_numpy()[0])
