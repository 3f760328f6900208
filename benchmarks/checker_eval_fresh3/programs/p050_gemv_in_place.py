import numpy as np

import tilert as tr
import tilert.kernels as tk

D = 64
w = tr.from_numpy(np.eye(D, dtype=np.float32) * 0.9)
state = tr.ones((D,))
for _ in range(3):
    tk.gemv(state, w, state).sync()  # expect: TC101
print(state.to_numpy()[0])
