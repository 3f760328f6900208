"""The host reads the weight while ops that only read it are in flight (a shared borrow)."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

w = tr.from_numpy(np.linspace(0, 1, 128, dtype=np.float32))
outs = [tr.zeros((128,)) for _ in range(2)]
pend = [K.mul(tiles(o), w, w) for o in outs]
running = [op.submit() for op in pend]
w_host = w.to_numpy()
for p in running:
    p.wait()
for o in outs:
    np.testing.assert_allclose(o.to_numpy(), w_host * w_host)
