"""A captured MLP whose intermediate buffer is allocated inline with a walrus."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

x = upload(np.linspace(-1, 1, 512))
gate = upload(np.full(512, 0.5))
out = tr.zeros((512,), name="mlp_out")
with tr.graph() as g:
    g.record(K.relu(tiles(h := tr.empty((512,), name="h")), x))  # expect: TC111
    g.record(K.mul(tiles(out), h, gate))
g.launch().wait()
g.close()
print(out.to_numpy()[-1])
