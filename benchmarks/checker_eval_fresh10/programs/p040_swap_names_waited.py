"""Double buffering with swapped names: compute into `front` while `back` is consumed."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
front, back = tr.zeros((8,), dtype=f32), tr.zeros((8,), dtype=f32)
pend_front = k.scale(tiles(front), x, 1.0).submit()
pend_back = None
seen = []
for step in range(2, 5):
    front, back = back, front
    pend_front, pend_back = pend_back, pend_front
    pend_front = k.scale(tiles(front), x, float(step)).submit()
    pend_back.wait()
    seen.append(float(back.to_numpy()[1]))
pend_front.wait()
seen.append(float(front.to_numpy()[1]))
assert seen == [1.0, 2.0, 3.0, 4.0], seen
