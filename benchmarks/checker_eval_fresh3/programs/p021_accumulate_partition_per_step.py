import numpy as np
from llmhost.kernels import axpy

import tilert as tr

acc = tr.zeros((64,))
grads = [tr.full((64,), float(i)) for i in range(4)]

for g in grads:
    axpy(acc.partition((16,)), g, 1.0).sync()

assert np.allclose(acc.to_numpy(), 6.0)
print("accumulated", acc.to_numpy()[0])
