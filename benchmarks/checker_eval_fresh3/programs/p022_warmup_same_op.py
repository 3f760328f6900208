import time

from llmhost.kernels import matvec

import tilert as tr

D = 64
w = tr.ones((D, D))
x = tr.ones((D,))
y = tr.zeros((D,))

op = matvec(y.partition((16,)), w, x, 16)
t0 = time.perf_counter()
for _ in range(3):
    op.sync()  # expect: TC110
print("ms per launch", (time.perf_counter() - t0) * 1e3 / 3)
