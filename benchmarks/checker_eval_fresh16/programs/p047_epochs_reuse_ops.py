"""Ops built once before the epoch loop are synced again in the second epoch."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(16, 1.0)
bufs = [vec(16) for _ in range(3)]
ops = [scale(tiles(b), x, 0.5) for b in bufs]
for epoch in range(2):
    for op in ops:
        op.sync()  # expect: TC110
    print(epoch, bufs[0].to_numpy()[0])
