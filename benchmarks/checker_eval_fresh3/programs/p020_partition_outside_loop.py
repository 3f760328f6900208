import numpy as np
from llmhost.kernels import axpy

import tilert as tr

acc = tr.zeros((64,))
grads = [tr.full((64,), float(i)) for i in range(4)]

acc_tiles = acc.partition((16,))
for g in grads:
    axpy(acc_tiles, g, 1.0).sync()  # expect: TC109

assert np.allclose(acc.to_numpy(), 6.0)
