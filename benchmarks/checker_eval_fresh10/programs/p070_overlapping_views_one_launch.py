"""A shift-by-half written as one launch over overlapping slices of the same buffer."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

seq = tr.arange(16, dtype=f32, name="seq")
half = seq.shape[0] // 2
bias = tr.ones((12,), dtype=f32)
k.add(tiles(seq[0:12]), seq[4:16], bias).sync()  # expect: TC101
print(seq.to_numpy())
