"""The update is recorded once in a graph and replayed each step."""

from trainkit import TILE, sgd_step

import tilert as tr

param = tr.ones((2048,), name="param")
grad = tr.full((2048,), 0.5, name="grad")

with tr.graph() as g:
    g.record(sgd_step(param.partition((TILE,)), grad, 0.1))
for _step in range(3):
    g.launch().wait()
g.close()
print(param.to_numpy()[0])
