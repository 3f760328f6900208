"""Benchmark a kernel: warm up, then time N iterations with events."""

import numpy as np
from llmbasin import axpy

import tilert as tr

N = 1 << 16
ITERS = 20

x = tr.from_numpy(np.random.default_rng(0).standard_normal(N).astype(np.float32))
y = tr.zeros((N,))

op = axpy(y.partition((1024,)), x, 2.0)
op.sync()  # warmup

stream = tr.current_stream()
start = stream.record()
for _ in range(ITERS):
    op.sync()  # expect: TC110
end = stream.record()
end.synchronize()
print(f"axpy: {start.elapsed_ms(end) / ITERS:.3f} ms/iter")
