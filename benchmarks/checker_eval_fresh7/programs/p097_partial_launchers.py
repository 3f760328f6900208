"""functools.partial over a kernel: the partial binds the input and scale, each call makes a
fresh op with a fresh partition; ops are synced or submitted and waited."""

from functools import partial

import numpy as np
from llmroute import kernels as K

import tilert as tr

x = tr.arange(64)
half = partial(K.scale, x=x, a=0.5)
outs = [tr.zeros((64,), name=f"h{i}") for i in range(3)]
half(outs[0].partition((16,))).sync()
pend = [half(o.partition((16,))).submit() for o in outs[1:]]
for p in pend:
    p.wait()
assert all(np.array_equal(o.to_numpy(), np.arange(64) * 0.5) for o in outs)
print("partials ok")
