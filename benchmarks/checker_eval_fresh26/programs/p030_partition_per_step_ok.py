import numpy as np
from llmfjord import axpy

import tilert as tr

# SGD on a flat parameter vector: params += -lr * grad, one step per micro-batch
N_PARAMS = 8192
LR = 1e-2

params = tr.from_numpy(np.ones(N_PARAMS, np.float32))
grads = [tr.full((N_PARAMS,), 0.1 * (k + 1)) for k in range(3)]

for g in grads:
    axpy(params.partition((1024,)), g, -LR).sync()
print(params.to_numpy()[:3])
