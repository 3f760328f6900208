"""An SGD step over a dict of parameters: every update submitted, all waited with the package's
`wait_all` over a dict comprehension's values, then a checkpoint copied to the host."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles, wait_all

import tilert as tr

params = {name: tr.ones((32,), name=name) for name in ("wq", "wk", "wv", "wo")}
grads = {name: tr.from_numpy(np.full(32, i + 1.0, np.float32)) for i, name in enumerate(params)}
lr = 0.1
updates = {name: K.axpy(tiles(p), grads[name], -lr).submit() for name, p in params.items()}
wait_all(updates.values())
checkpoint = {name: p.to_numpy().copy() for name, p in params.items()}
for i, name in enumerate(params):
    np.testing.assert_allclose(checkpoint[name], 1 - lr * (i + 1), rtol=1e-6)
