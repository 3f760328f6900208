"""SGD over a list of parameters: each update partitions its parameter afresh."""

from llmdelta import axpy

import tilert as tr

N, EPOCHS = 256, 2
params = [tr.ones((N,), name=f"p{i}") for i in range(3)]
grads = [tr.full((N,), 0.5, name=f"g{i}") for i in range(3)]

for _epoch in range(EPOCHS):
    for p, g in zip(params, grads, strict=True):
        axpy(p.partition((64,)), g, -0.1).sync()
values = [float(p.to_numpy()[0]) for p in params]
assert all(abs(v - 0.9) < 1e-6 for v in values), values
print(values)
