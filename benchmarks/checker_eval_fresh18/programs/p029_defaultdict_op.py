"""Warm-up ops looked up in a ``defaultdict`` whose factory returns one prebuilt op, so the
second key runs the op the first already synced."""

from collections import defaultdict

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
scratch = tr.empty((64,))
warm = K.scale(tiles(scratch), x, 1.0)
warmups: defaultdict[str, tr.Op] = defaultdict(lambda: warm)
for shape_key in ("decode", "prefill"):
    warmups[shape_key].sync()  # expect: TC110
print(sorted(warmups))
