"""Backward of a two-stage pipeline as `.then` chains: each microbatch's gradient is scaled and
then accumulated into the stage's gradient buffer, the partition moving along the chain."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

grad_buf = [tr.zeros((64,), name=f"g{i}") for i in range(2)]
upstream = tr.full((64,), 2.0)
pendings = []
stream = tr.Stream()
for mb in range(2):
    chain = K.scale(grad_buf[mb].partition((16,)), upstream, 0.5).then(
        lambda gp, *_: K.axpy(gp, upstream, 1.0)
    )
    pendings.append(chain.submit(stream))
for p in pendings:
    p.wait()
assert all(np.all(g.to_numpy() == 3.0) for g in grad_buf)
print("backward ok")
