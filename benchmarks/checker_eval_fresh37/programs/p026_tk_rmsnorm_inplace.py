import numpy as np

import tilert as tr
import tilert.kernels as tk

rows, hidden = 8, 256
rng = np.random.default_rng(0)
x = tr.from_numpy(rng.standard_normal((rows, hidden)).astype(np.float32))
weight = tr.ones((hidden,))

tk.rmsnorm(x, x, weight, eps=1e-6).sync()  # expect: TC101
print(np.abs(x.to_numpy()).mean())
