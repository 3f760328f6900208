"""q, k and v projections kept in dicts keyed by name; every Pending is waited by name."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import matvec

import tilert as tr

D = 32
rng = np.random.default_rng(1)
weights = {n: tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32)) for n in "qkv"}
outs = {n: tr.zeros((D,), name=n) for n in weights}
x_np = rng.standard_normal(D).astype(np.float32)
x = tr.from_numpy(x_np)

pending = {n: matvec(outs[n].partition((16,)), weights[n], x, 16).submit() for n in weights}
for name, p in pending.items():
    p.wait()
    print("projected", name)
for n in "qkv":
    assert np.allclose(outs[n].to_numpy(), weights[n].to_numpy() @ x_np, atol=1e-4)
