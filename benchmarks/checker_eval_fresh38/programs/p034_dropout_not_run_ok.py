import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(12)
hidden = tr.from_numpy(rng.standard_normal((8, 64)).astype(np.float32))
dropped = tr.empty((8, 64))
training = True

for step in range(2):
    if training:
        tk.dropout(dropped, hidden, 0.1, seed=step).sync()
    else:
        dropped.copy_from(hidden.to_numpy())
print(float((dropped.to_numpy() == 0).mean()))
