import numpy as np
from trainkit import TILE, add, mul

import tilert as tr

rng = np.random.default_rng(4)
hidden = tr.from_numpy(rng.standard_normal(4096).astype(np.float32), name="hidden")
branch = tr.from_numpy(rng.standard_normal(4096).astype(np.float32), name="branch")
gate = tr.full((4096,), 0.5, name="gate")
scaled = tr.empty((4096,))

for _layer in range(2):
    mul(scaled.partition((TILE,)), branch, gate).sync()
    add(hidden.partition((TILE,)), hidden, scaled).sync()  # expect: TC101
print(hidden.to_numpy()[:3])
