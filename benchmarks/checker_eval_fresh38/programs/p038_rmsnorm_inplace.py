import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(14)
x = tr.from_numpy(rng.standard_normal((16, 256)).astype(np.float32), name="x")
w = tr.from_numpy(np.ones(256, dtype=np.float32), name="norm_w")

tk.rmsnorm(x, x, w, eps=1e-6).sync()  # expect: TC101
print(np.abs(x.to_numpy()).mean())
