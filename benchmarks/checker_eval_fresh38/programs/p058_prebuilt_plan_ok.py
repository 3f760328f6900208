"""Record the step's ops once in a graph and replay it every epoch."""

from trainkit import TILE, sgd_step

import tilert as tr

layers = [tr.ones((1024,), name=f"layer{i}") for i in range(3)]
grads = [tr.full((1024,), 0.1) for _ in layers]
with tr.graph() as plan:
    for w, g in zip(layers, grads, strict=True):
        plan.record(sgd_step(w.partition((TILE,)), g, 0.1))

for _epoch in range(2):
    plan.launch().wait()
plan.close()
print([float(w.to_numpy()[0]) for w in layers])
