"""A decode step captured once; the next prompt chunk is copied into its input with
``copy_from`` from inside the capture block."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles

import tilert as tr

x = tr.zeros((64,))
h = tr.empty((64,))
prompt = np.arange(64, dtype=np.float32)

with tr.graph() as g:
    g.record(K.scale(tiles(h), x, 2.0))
    x.copy_from(prompt)  # expect: TC111
g.launch().wait()
g.close()
