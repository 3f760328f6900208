"""Benchmark a captured graph, then read the result."""

import time

from llmreef import relu, silu

import tilert as tr

x = tr.arange(2048)
h = tr.empty((2048,))
y = tr.empty((2048,))

with tr.graph() as g:
    g.record(relu(h.partition((512,)), x))
    g.record(silu(y.partition((512,)), h))

g.launch().wait()
t0 = time.perf_counter()
for _ in range(20):
    g.launch().wait()
elapsed = (time.perf_counter() - t0) / 20
g.close()
print(f"{elapsed * 1e6:.1f} us/replay", y.to_numpy()[-1])
