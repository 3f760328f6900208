"""Ops rebuilt by a function in each epoch, so each op runs exactly once."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(16, 1.0)
bufs = [vec(16) for _ in range(3)]


def build(epoch: int):
    return [scale(tiles(b), x, 0.5 * (epoch + 1)) for b in bufs]


for epoch in range(2):
    for op in build(epoch):
        op.sync()
assert bufs[2].to_numpy()[0] == 1.0
