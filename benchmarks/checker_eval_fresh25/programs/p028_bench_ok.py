"""Time a kernel: warm up once, then average over iterations."""

import time

from llmquay import add

import tilert as tr

N = 1 << 16
ITERS = 20

x = tr.ones((N,))
y = tr.ones((N,))
z = tr.empty((N,))

add(z.partition((1024,)), x, y).sync()  # warm-up (compiles on the GPU)

t0 = time.perf_counter()
for _ in range(ITERS):
    add(z.partition((1024,)), x, y).sync()
elapsed = (time.perf_counter() - t0) / ITERS
print(f"add: {elapsed * 1e6:.1f} us/iter")
