"""A decode step captured once: norm then residual update."""

import numpy as np
from llmfjord import add, scale

import tilert as tr

D = 1024
h = tr.from_numpy(np.full(D, 2.0, np.float32))
normed = tr.empty((D,), name="normed")
delta = tr.full((D,), 0.5)
out = tr.empty((D,), name="out")

with tr.graph() as g:
    g.record(scale(normed.partition((256,)), h, 0.5))
    add(out.partition((256,)), normed, delta)  # expect: TC105
for _ in range(2):
    g.launch().wait()
g.close()
print(normed.to_numpy()[:2])
