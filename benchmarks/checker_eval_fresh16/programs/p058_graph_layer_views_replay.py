"""One op per layer view of a stacked buffer, captured once and replayed per token."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import accum

import tilert as tr

layers, width = 3, 16
acts = vec(layers * width).reshape(layers, width)
inc = vec(width, 1.0)
with tr.graph() as g:
    for layer in range(layers):
        g.record(accum(tiles(acts[layer]), inc))
for _token in range(4):
    g.launch().wait()
g.close()
assert np.array_equal(acts.to_numpy(), np.full((layers, width), 4.0, dtype=np.float32))
