"""Partitions made once per buffer in a comprehension, reused every epoch."""

from llmdelta import axpy

import tilert as tr

N, EPOCHS = 256, 2
params = [tr.ones((N,), name=f"p{i}") for i in range(3)]
grads = [tr.full((N,), 0.5, name=f"g{i}") for i in range(3)]
param_tiles = [p.partition((64,)) for p in params]

for _epoch in range(EPOCHS):
    for tiles, g in zip(param_tiles, grads, strict=True):
        axpy(tiles, g, -0.1).sync()  # expect: TC109
print([p.to_numpy()[0] for p in params])
