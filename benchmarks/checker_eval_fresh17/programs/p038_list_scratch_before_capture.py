"""Layer scratch buffers from a list comprehension, made before the graph capture."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

LAYERS, D = 3, 64
x = tr.ones((D,), name="x")
scratch = [tr.empty((D,), name=f"s{i}") for i in range(LAYERS)]

with tr.graph() as g:
    for layer, buf in enumerate(scratch):
        g.record(K.scale(tiles(buf), x, float(layer)))
for _ in range(2):
    g.launch().wait()
g.close()
assert [float(s.to_numpy()[0]) for s in scratch] == [0.0, 1.0, 2.0]
print(np.asarray(scratch[2])[:2])
