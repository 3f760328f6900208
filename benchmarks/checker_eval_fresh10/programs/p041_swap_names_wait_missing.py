"""Double buffering with swapped names, the carried Pending not moved with its buffer."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
a, b = tr.zeros((8,), dtype=f32), tr.zeros((8,), dtype=f32)
pend_a = k.scale(tiles(a), x, 1.0).submit()
a, b = b, a
pend_b = k.scale(tiles(a), x, 2.0).submit()
pend_b.wait()
print(b.to_numpy()[1])  # expect: TC102
pend_a.wait()
