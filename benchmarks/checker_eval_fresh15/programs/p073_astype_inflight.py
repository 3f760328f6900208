"""Convert the logits to f16 for the sampler while the projection still writes them."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

h = vec(np.linspace(0, 1, 64))
logits = tr.zeros((64,))
pending = K.scale(tiles(logits), h, 4.0).submit()
half = logits.astype(tr.f16)  # expect: TC102
pending.wait()
print(half.to_numpy()[:2])
