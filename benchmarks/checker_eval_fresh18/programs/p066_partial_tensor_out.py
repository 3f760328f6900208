"""A scaler bound with ``functools.partial(K.scale, out)``: the output tensor itself, not a
partition of it, lands in the Mutable slot."""

from functools import partial

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import vec

import tilert as tr

x = vec(np.arange(64))
out = tr.empty((64,))
halve = partial(K.scale, out, a=0.5)
halve(x).sync()  # expect: TC106
print(out.to_numpy()[:2])
