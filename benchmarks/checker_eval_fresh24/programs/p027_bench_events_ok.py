"""Benchmark a kernel: warm up, then time N iterations with events."""

import numpy as np
from llmbasin import axpy

import tilert as tr

N = 1 << 16
ITERS = 20

x = tr.from_numpy(np.random.default_rng(0).standard_normal(N).astype(np.float32))
y = tr.zeros((N,))

for _ in range(3):  # warmup
    axpy(y.partition((1024,)), x, 2.0).sync()

stream = tr.current_stream()
start = stream.record()
for _ in range(ITERS):
    axpy(y.partition((1024,)), x, 2.0).sync()
end = stream.record()
end.synchronize()
print(f"axpy: {start.elapsed_ms(end) / ITERS:.3f} ms/iter")
