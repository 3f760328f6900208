import numpy as np
from llmfjord import axpy, scale

import tilert as tr

N = 8192
BETA = 0.9

param = tr.from_numpy(np.ones(N, np.float32))
momentum = tr.zeros((N,), name="momentum")
grad = tr.from_numpy(np.full(N, 0.5, np.float32))
zeros = tr.zeros((N,))

for step in range(3):
    # momentum += grad (the decay is folded into the learning rate here)
    upd = axpy(momentum.partition((2048,)), grad, 1.0).submit()
    axpy(param.partition((2048,)), momentum, -0.01).sync()  # reads momentum after upd
    upd.wait()
    # optimizer.zero_grad()
    scale(grad.partition((2048,)), zeros, 0.0).sync()
    grad.copy_from(np.full(N, 0.5 / (step + 1), np.float32))
print(param.to_numpy()[:2])
