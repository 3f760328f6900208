import numpy as np
from tilekit import add, scale

import tilert as tr

x = tr.from_numpy(np.random.default_rng(0).random(1024, dtype=np.float32))
y = tr.empty((1024,))
z = tr.empty((1024,))

with tr.graph() as g:
    g.record(scale(y.partition((256,)), x, 3.0))
    x16 = x.astype(tr.f16)  # expect: TC111
    g.record(add(z.partition((256,)), y, x))

for _ in range(4):
    g.launch().wait()
g.close()
print(z.to_numpy()[:2], x16)
