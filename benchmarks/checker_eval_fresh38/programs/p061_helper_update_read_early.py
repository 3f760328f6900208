import numpy as np
from trainkit import clip_grad, launch_sgd

import tilert as tr

N = 4096
param = tr.ones((N,), name="param")
grad = tr.full((N,), 2.0, name="grad")

for step in range(2):
    clip_grad(grad, 0.5).sync()
    update = launch_sgd(param, grad, 0.1).submit()
    if step == 0:
        print("first step, param mean", float(np.mean(param.to_numpy())))  # expect: TC102
    update.wait()
