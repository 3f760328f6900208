import time

from hostkit import launch_add

import tilert as tr

n = 1 << 14
a, b, c = tr.ones((n,)), tr.ones((n,)), tr.empty((n,))

op = launch_add(c, a, b, tile=1024)
op.sync()  # warm-up

t0 = time.perf_counter()
for _ in range(5):
    op.sync()  # expect: TC110
elapsed = (time.perf_counter() - t0) / 5
print(f"add: {elapsed * 1e3:.3f} ms")
