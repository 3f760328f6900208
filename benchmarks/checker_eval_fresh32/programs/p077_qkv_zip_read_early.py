"""The Q, K and V projections submitted together as one zipped op; the query is read on the
host for a debug check before the zip is waited."""

import numpy as np
from llmcraft import scale

import tilert as tr

D = 128

rng = np.random.default_rng(22)
x = tr.from_numpy(rng.standard_normal(D).astype(np.float32), name="x")
q, k, v = (tr.empty((D,), name=n) for n in ("q", "k", "v"))

qkv = tr.zip(
    scale(q.partition((64,)), x, 0.5),
    scale(k.partition((64,)), x, 0.25),
    scale(v.partition((64,)), x, 1.0),
).submit()
assert not np.isnan(q.to_numpy()).any()  # expect: TC102
qkv.wait()
print(q.to_numpy()[:2], k.to_numpy()[:2], v.to_numpy()[:2])
