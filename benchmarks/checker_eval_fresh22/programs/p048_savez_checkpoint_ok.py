"""Periodic checkpointing with np.savez after the optimizer step's waits."""

import io

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

params = {"embed": upload(np.ones(256)), "head": upload(np.full(256, 0.5))}
updates = {name: upload(np.full(256, -0.01)) for name in params}
ckpt = io.BytesIO()
for step in range(1, 5):
    pending = [K.accum(tiles(p), updates[name]).submit() for name, p in params.items()]
    for p in pending:
        p.wait()
    if step % 2 == 0:
        ckpt = io.BytesIO()
        np.savez(ckpt, step=step, **params)
ckpt.seek(0)
saved = np.load(ckpt)
assert int(saved["step"]) == 4
np.testing.assert_allclose(saved["head"], 0.5 - 0.04, rtol=1e-6)
assert isinstance(params["embed"], tr.Tensor)
