"""One op recorded in the prefill graph and again in the decode graph."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
norm = tr.empty((64,))
logits = tr.empty((64,))
shared_norm = K.scale(tiles(norm), x, 0.5)

with tr.graph() as prefill:
    prefill.record(shared_norm)
prefill.launch().wait()
prefill.close()

with tr.graph() as decode:
    decode.record(shared_norm)  # expect: TC110
    decode.record(K.scale(tiles(logits), norm, 2.0))
decode.close()
