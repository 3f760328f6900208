import numpy as np

import tilert as tr
import tilert.kernels as tk

rows, cols = 16, 256
x = tr.from_numpy(np.random.default_rng(8).standard_normal((rows, cols)).astype(np.float32))
probs = tr.empty((rows, cols))

op = tk.softmax(probs, x)
pending = op.submit()
pending.wait()
# make sure everything has landed before checking
op.sync()  # expect: TC110
print(probs.to_numpy().sum(axis=1)[:4])
