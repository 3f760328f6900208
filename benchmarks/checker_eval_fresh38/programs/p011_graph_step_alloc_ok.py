"""Capture one optimizer step in a graph and replay it every iteration."""

from trainkit import TILE, copy, momentum, sgd_step

import tilert as tr

N = 2048
param = tr.ones((N,), name="param")
grad = tr.full((N,), 0.1, name="grad")
velocity = tr.zeros((N,), name="velocity")
update = tr.empty((N,), name="update")

with tr.graph() as g:
    g.record(momentum(velocity.partition((TILE,)), grad, 0.9))
    g.record(copy(update.partition((TILE,)), velocity))
    g.record(sgd_step(param.partition((TILE,)), update, 0.01))

for _ in range(10):
    g.launch().wait()
g.close()
print(param.to_numpy()[:2])
