# timing replays: three launched back to back, only the final one waited
import time

from llmdeck.kernels import axpy

import tilert as tr

N = 1024
y = tr.zeros((N,))
x = tr.ones((N,))
with tr.graph() as g:
    g.record(axpy(y.partition((256,)), x, 1.0))

t0 = time.perf_counter()
for _ in range(3):
    g.launch()  # expect: TC108
g.launch().wait()
print(f"{(time.perf_counter() - t0) * 1e3 / 4:.3f} ms per replay")
g.close()
