"""Launch jobs queued as (kernel, partition, args) tuples; the output is printed before the
queue runs."""

from llmserve import kernels as K

import tilert as tr

x = tr.arange(128)
out = tr.zeros((128,), name="out")
jobs = []
jobs.append((K.scale, out.partition((64,)), (x, 0.5)))

print("queued; out starts at", out.to_numpy()[:2])  # expect: TC104
for kernel, part, args in jobs:
    kernel(part, *args).sync()
