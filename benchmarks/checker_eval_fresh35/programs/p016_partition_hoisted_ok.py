import numpy as np
from tilekit import accumulate

import tilert as tr

steps = 5
pos = tr.zeros((2048,), name="pos")
vel = tr.full((2048,), 0.25)

for _ in range(steps):
    accumulate(pos.partition((256,)), vel).sync()
assert np.allclose(pos.to_numpy(), 1.25)
print(pos.to_numpy()[:2])
