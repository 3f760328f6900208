"""A three-stage pipeline of dependent submits: each stage's launch reads the previous stage's
output before that stage is waited (stream order), and every Pending is waited at the end."""

import numpy as np
from llmweave.kernels import add, relu, scale

import tilert as tr

x = tr.from_numpy(np.linspace(-2, 2, 64).astype(np.float32))
a, b, c = tr.zeros((64,)), tr.zeros((64,)), tr.zeros((64,))
p1 = scale(a.partition((16,)), x, 2.0).submit()
p2 = relu(b.partition((16,)), a).submit()
p3 = add(c.partition((16,)), b, x).submit()
for p in (p3, p1, p2):
    p.wait()
ref = np.maximum(2 * np.linspace(-2, 2, 64), 0) + np.linspace(-2, 2, 64)
assert np.allclose(c.to_numpy(), ref, atol=1e-6)
print("pipeline ok")
