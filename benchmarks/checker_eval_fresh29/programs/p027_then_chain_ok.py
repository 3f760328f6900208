"""gpt-fast style: an MLP's three kernels as one chain, the output partition handed along."""

import numpy as np
from llmreef import axpy, relu, scale

import tilert as tr

D = 1024
x = tr.from_numpy(np.linspace(-2, 2, D, dtype=np.float32))
h = tr.empty((D,), name="h")
y = tr.empty((D,), name="y")

op = (
    relu(h.partition((256,)), x)
    .then(lambda hp, *_: scale(y.partition((256,)), h, 2.0))
    .then(lambda yp, *_: axpy(yp, x, 1.0))
)
op.sync()
expected = 2 * np.maximum(np.linspace(-2, 2, D), 0) + np.linspace(-2, 2, D)
assert np.allclose(y.to_numpy(), expected, atol=1e-5)
print("ok", float(y.to_numpy().sum()))
