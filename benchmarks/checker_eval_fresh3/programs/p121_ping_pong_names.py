import numpy as np
from llmhost.kernels import axpy, copy

import tilert as tr

a = tr.ones((64,))
b = tr.zeros((64,))
one = tr.ones((64,))
for _ in range(4):
    copy(b.partition((16,)), a).sync()
    axpy(b.partition((16,)), one, 1.0).sync()
    a, b = b, a
assert np.allclose(a.to_numpy(), 5.0)
print("ping pong ok")
