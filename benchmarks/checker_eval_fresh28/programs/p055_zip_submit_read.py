"""Q and K projections launched together with tr.zip, submitted, read too early."""

import numpy as np
from llmdelta import mul

import tilert as tr

D = 256
x = tr.from_numpy(np.linspace(0, 1, D, dtype=np.float32))
wq, wk = tr.full((D,), 2.0), tr.full((D,), 3.0)
q, k = tr.zeros((D,)), tr.zeros((D,))

both = tr.zip(mul(q.partition((64,)), x, wq), mul(k.partition((64,)), x, wk)).submit()
score = float(np.dot(q.to_numpy(), k.to_numpy()))  # expect: TC102
both.wait()
print(score)
