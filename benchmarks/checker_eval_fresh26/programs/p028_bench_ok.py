"""Time an elementwise kernel the way a quick benchmark script would."""

import time

from llmfjord import add

import tilert as tr

N = 1 << 16
WARMUP, ITERS = 2, 5

x = tr.ones((N,))
y = tr.full((N,), 2.0)
z = tr.empty((N,))


def run() -> None:
    add(z.partition((1024,)), x, y).sync()


for _ in range(WARMUP):
    run()

start = time.perf_counter()
for _ in range(ITERS):
    run()
elapsed = (time.perf_counter() - start) / ITERS
print(f"add: {elapsed * 1e6:.1f} us/iter, {3 * 4 * N / elapsed / 1e9:.2f} GB/s")
