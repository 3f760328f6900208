import numpy as np
from llmhost.kernels import axpy, relu

import tilert as tr

n = 64
x = tr.from_numpy(np.linspace(-1, 1, n, dtype=np.float32))
bias = tr.full((n,), 0.25)
h = tr.zeros((n,))

# h = relu(x); h += bias; h += x  -- one chain, the partition moves along
chain = (
    relu(h.partition((16,)), x)
    .then(lambda hp, *_: axpy(hp, bias, 1.0))
    .then(lambda hp, *_: axpy(hp, x, 1.0))
)
chain.sync()
xs = np.linspace(-1, 1, n, dtype=np.float32)
assert np.allclose(h.to_numpy(), np.maximum(xs, 0) + 0.25 + xs)
print("chain ok")
