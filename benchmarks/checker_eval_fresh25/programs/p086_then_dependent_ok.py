"""The residual add and the output scaling: dependent, so chained with .then."""

import numpy as np
from llmquay import add, scale

import tilert as tr

n = 1024
x = tr.from_numpy(np.arange(n, dtype=np.float32))
res = tr.ones((n,))
h = tr.empty((n,), name="h")
out = tr.empty((n,), name="out")

add(h.partition((256,)), x, res).then(lambda *_: scale(out.partition((256,)), h, 0.5)).sync()
np.testing.assert_allclose(out.to_numpy(), (np.arange(n) + 1) * 0.5)
print(out.to_numpy()[:4])
