import numpy as np
from hostkit import axpy

import tilert as tr

D = 4096
x = tr.from_numpy(np.ones(D, dtype=np.float32))
y = tr.zeros((D,), name="y")

with tr.graph() as g:
    g.record(axpy(y.partition((512,)), x, 0.5))

for step in range(8):
    g.launch().wait()
    if step % 4 == 3:
        print("step", step, "y[0] =", y.to_numpy()[0])  # expect: TC102
g.close()
