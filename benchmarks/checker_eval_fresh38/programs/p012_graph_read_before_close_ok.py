import numpy as np
from trainkit import TILE, accumulate, scale

import tilert as tr

N = 1024
acc = tr.zeros((N,), name="ema")
x = tr.from_numpy(np.ones(N, dtype=np.float32))

for chunk in range(4):
    with tr.graph() as g:
        g.record(scale(acc.partition((TILE,)), 0.9))
        g.record(accumulate(acc.partition((TILE,)), x))
    for _ in range(5):
        g.launch().wait()
    g.close()
    print(chunk, float(acc.to_numpy().mean()))
