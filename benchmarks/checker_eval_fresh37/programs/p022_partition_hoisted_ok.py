import numpy as np
from hostkit import axpy

import tilert as tr

n = 2048
w = tr.from_numpy(np.zeros(n, dtype=np.float32))
grad = tr.full((n,), 0.5)

lr = 0.1
for _ in range(3):
    axpy(w.partition((256,)), grad, -lr).sync()
print(w.to_numpy()[:4])
