"""Activation over several buffers with `map(K.relu, map(tiles, outs), ins)` under one `tr.zip`."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

xs = np.linspace(-1, 1, 32, dtype=np.float32)
ins = [tr.from_numpy(xs) for _ in range(3)]
outs = [tr.empty((32,)) for _ in range(3)]
tr.zip(*map(K.relu, map(tiles, outs), ins)).sync()
assert all(np.array_equal(o.to_numpy(), np.maximum(xs, 0)) for o in outs)
