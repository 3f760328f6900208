"""Micro-batches take their output plan from itertools.cycle over two plans made up front."""

import itertools

from llmquill.host import tiles, vec
from llmquill.kernels import scale

outs = [vec(16), vec(16)]
ring = itertools.cycle([tiles(outs[0]), tiles(outs[1])])
micro = [vec(16, float(i)) for i in range(3)]
for mb, plan in zip(micro, ring, strict=False):
    scale(plan, mb, 1.0).sync()  # expect: TC109
print(outs[0].to_numpy()[0])
