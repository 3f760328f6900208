"""Periodic checkpointing with np.savez while the optimizer step is still in flight."""

import io

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

params = {"embed": upload(np.ones(256)), "head": upload(np.full(256, 0.5))}
updates = {name: upload(np.full(256, -0.01)) for name in params}
ckpt = io.BytesIO()
for step in range(1, 5):
    pending = [K.accum(tiles(p), updates[name]).submit() for name, p in params.items()]
    if step % 2 == 0:
        np.savez(ckpt, step=step, **params)  # expect: TC102
    for p in pending:
        p.wait()
print(len(ckpt.getvalue()))
