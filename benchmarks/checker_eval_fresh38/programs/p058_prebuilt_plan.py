"""Build the step's ops once (a "plan") and run them every epoch."""

from trainkit import TILE, sgd_step

import tilert as tr

layers = [tr.ones((1024,), name=f"layer{i}") for i in range(3)]
grads = [tr.full((1024,), 0.1) for _ in layers]
plan = [sgd_step(w.partition((TILE,)), g, 0.1) for w, g in zip(layers, grads, strict=True)]

for _epoch in range(2):
    for op in plan:
        op.sync()  # expect: TC110
print([float(w.to_numpy()[0]) for w in layers])
