"""Head projections prepared as a list of ops; a sanity check reads before the sync loop."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(16, dtype=f32)
heads = [tr.zeros((16,), dtype=f32, name=f"head{i}") for i in range(4)]
ops = [k.scale(tiles(h), x, float(i)) for i, h in enumerate(heads)]
assert heads[0].to_numpy().sum() == 0.0  # expect: TC102
for op in ops:
    op.sync()
