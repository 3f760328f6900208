import numpy as np
from trainkit import TILE, accumulate, fill

import tilert as tr

N = 2048
MICRO_BATCHES = 4

rng = np.random.default_rng(1)
grad = tr.zeros((N,), name="grad")
micro = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(MICRO_BATCHES)]

fill(grad.partition((TILE,)), 0.0).sync()
pendings = []
for mb in micro:
    pendings.append(accumulate(grad.partition((TILE,)), mb).submit())
    pendings[-1].wait()

last = accumulate(grad.partition((TILE,)), micro[0]).submit()
grad_norm = float(np.sqrt((grad.to_numpy() ** 2).sum()))  # expect: TC102
last.wait()
print("grad norm", grad_norm)
