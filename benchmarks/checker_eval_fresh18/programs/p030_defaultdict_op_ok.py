"""Warm-up ops in a ``defaultdict`` whose factory builds a fresh op (and plan) for every key."""

from collections import defaultdict

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
scratch = tr.empty((64,))
warmups: defaultdict[str, tr.Op] = defaultdict(lambda: K.scale(tiles(scratch), x, 1.0))
for shape_key in ("decode", "prefill"):
    warmups[shape_key].sync()
assert sorted(warmups) == ["decode", "prefill"]
assert np.array_equal(scratch.to_numpy(), np.arange(64))
