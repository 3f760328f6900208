import numpy as np
from trainkit import TILE, copy, sgd_step

import tilert as tr

param = tr.ones((2048,), name="param")
grad = tr.full((2048,), 0.05, name="grad")
metrics_buf = [tr.empty((2048,), name=f"metrics{i}") for i in range(3)]

for step in range(3):
    sgd_step(param.partition((TILE,)), grad, 0.1).sync()
    _ = copy(metrics_buf[step].partition((TILE,)), grad).submit()  # expect: TC108
print(float(np.mean(param.to_numpy())))
