import numpy as np
from trainkit import TILE, accumulate, scale

import tilert as tr

N = 1024
acc = tr.zeros((N,), name="ema")
x = tr.from_numpy(np.ones(N, dtype=np.float32))

with tr.graph() as g:
    g.record(scale(acc.partition((TILE,)), 0.9))
    g.record(accumulate(acc.partition((TILE,)), x))

losses = []
for step in range(20):
    g.launch().wait()
    if step % 5 == 4:
        losses.append(float(acc.to_numpy().mean()))  # expect: TC102
g.close()
print(losses)
