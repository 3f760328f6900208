"""Software pipeline over layers: one op in flight, the previous one waited each iteration."""

import numpy as np
from llmdelta import add

import tilert as tr

L, D = 6, 512
rng = np.random.default_rng(7)
weights = [tr.from_numpy(rng.standard_normal(D).astype(np.float32)) for _ in range(L)]
acts = [tr.zeros((D,), name=f"act{i}") for i in range(L + 1)]
acts[0].copy_from(np.ones(D, dtype=np.float32))

prev = None
for i in range(L):
    pend = add(acts[i + 1].partition((128,)), acts[i], weights[i]).submit()
    if prev is not None:
        prev.wait()
    prev = pend
print(acts[L].to_numpy()[:4])  # expect: TC102
prev.wait()
