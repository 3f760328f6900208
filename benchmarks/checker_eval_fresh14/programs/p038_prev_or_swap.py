"""Software pipelining where `prev` is replaced only when `prev is None`: from the second step
on, the wait is always on the first step's Pending."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

x = tr.from_numpy(np.arange(16, dtype=np.float32))
outs = [tr.zeros((16,), name=f"t{i}") for i in range(4)]
pend: list[tr.Pending] = []
prev: tr.Pending | None = None
sums = []
for i, out in enumerate(outs):
    cur = K.scale(tiles(out), x, float(i)).submit()
    pend.append(cur)
    if prev is not None:
        prev.wait()
        sums.append(float(outs[i - 1].to_numpy().sum()))  # expect: TC102
    prev = prev or cur
for p in pend:
    p.wait()
print(sums)
