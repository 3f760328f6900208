"""Micro-batches take their output buffer from itertools.cycle; each gets a fresh plan."""

import itertools

from llmquill.host import tiles, vec
from llmquill.kernels import accum

outs = [vec(16), vec(16)]
micro = [vec(16, float(i)) for i in range(5)]
for mb, out in zip(micro, itertools.cycle(outs)):
    accum(tiles(out), mb).sync()
assert (outs[0].to_numpy()[0], outs[1].to_numpy()[0]) == (6.0, 4.0)
