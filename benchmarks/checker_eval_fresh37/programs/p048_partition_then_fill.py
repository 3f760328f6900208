import numpy as np
from hostkit import axpy

import tilert as tr

n = 2048
x = tr.from_numpy(np.ones(n, dtype=np.float32))
y = tr.empty((n,), name="y")
y_part = y.partition((256,))
y.copy_from(np.full(n, 3.0, dtype=np.float32))  # expect: TC104
axpy(y_part, x, 2.0).sync()
print(y.to_numpy()[0])
