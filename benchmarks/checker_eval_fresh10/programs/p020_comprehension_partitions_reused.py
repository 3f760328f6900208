"""Per-layer output tiles planned once in a comprehension and used by two passes."""

from llmforge import kernels as k

import tilert as tr
from tilert import f32

n_layers = 3
outs = [tr.zeros((8,), dtype=f32) for _ in range(n_layers)]
plans = [o.partition((4,)) for o in outs]
x = tr.ones((8,), dtype=f32)
for i in range(n_layers):
    k.scale(plans[i], x, 1.0).sync()
for i in range(n_layers):
    k.scale_(plans[i], 2.0).sync()  # expect: TC109
