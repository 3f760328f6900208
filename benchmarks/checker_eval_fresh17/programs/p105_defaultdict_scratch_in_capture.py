"""Per-layer scratch in a `defaultdict`; the first lookup of each layer happens inside the
capture."""

from collections import defaultdict

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

D = 64
x = tr.ones((D,), name="x")
scratch: defaultdict[int, tr.Tensor] = defaultdict(lambda: tr.zeros((D,)))  # expect: TC111

with tr.graph() as g:
    for layer in range(2):
        g.record(K.scale(tiles(scratch[layer]), x, float(layer)))  # expect-also
g.launch().wait()
g.close()
