"""Layer scratch buffers from a generator expression, first drawn inside the graph capture."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

LAYERS, D = 3, 64
x = tr.ones((D,), name="x")
scratch = (tr.empty((D,), name=f"s{i}") for i in range(LAYERS))  # expect: TC111

with tr.graph() as g:
    for layer, buf in enumerate(scratch):  # expect-also
        g.record(K.scale(tiles(buf), x, float(layer)))
g.launch().wait()
g.close()
