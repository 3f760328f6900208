"""gpt-fast style: an MLP's kernels as one chain; the first partition is used again later."""

import numpy as np
from llmreef import axpy, relu, scale

import tilert as tr

D = 1024
x = tr.from_numpy(np.linspace(-2, 2, D, dtype=np.float32))
h = tr.empty((D,), name="h")
y = tr.empty((D,), name="y")

hp = h.partition((256,))
op = relu(hp, x).then(lambda _, *__: scale(y.partition((256,)), h, 2.0))
op.sync()
axpy(hp, x, 1.0).sync()  # expect: TC109
print(float(y.to_numpy().sum()))
