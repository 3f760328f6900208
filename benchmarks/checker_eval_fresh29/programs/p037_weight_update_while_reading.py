"""Online weight update: an inference launch reads the weights while the trainer writes them."""

import numpy as np
from llmreef import axpy, scale

import tilert as tr

N = 1024
weights = tr.from_numpy(np.ones(N, dtype=np.float32), name="weights")
update = tr.from_numpy(np.full(N, 0.01, dtype=np.float32), name="update")
served = tr.empty((N,), name="served")

for step in range(3):
    infer = scale(served.partition((256,)), weights, 1.0).submit()
    train = axpy(weights.partition((256,)), update, -1.0).submit()  # expect: TC103
    infer.wait()
    train.wait()
    print(step, served.to_numpy()[0])
