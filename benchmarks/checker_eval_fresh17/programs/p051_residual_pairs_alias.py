"""Residual adds over `(hidden, delta)` pairs: `h = h + delta` written as `add(h, h, delta)`."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

hiddens = [tr.ones((64,), name=f"h{i}") for i in range(2)]
deltas = [tr.from_numpy(np.full(64, 0.5 * i, np.float32)) for i in range(2)]
for h, delta in zip(hiddens, deltas, strict=True):
    K.add(tiles(h), h, delta).sync()  # expect: TC101
print([float(h.to_numpy()[0]) for h in hiddens])
