import numpy as np
from trainkit import TILE, accumulate, fill, sgd_step

import tilert as tr

N = 1024
param = tr.ones((N,), name="param")
grad = tr.zeros((N,), name="grad")
rng = np.random.default_rng(7)

for _step in range(2):
    fill(grad.partition((TILE,)), 0.0)  # expect: TC105
    for _ in range(4):
        mb_grad = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
        accumulate(grad.partition((TILE,)), mb_grad).sync()
    sgd_step(param.partition((TILE,)), grad, 0.01).sync()
print(param.to_numpy()[:3])
