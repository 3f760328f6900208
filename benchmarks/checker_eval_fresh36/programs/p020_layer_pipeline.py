"""Software pipelining across layers with one scratch buffer: each layer's activation is
submitted and the previous layer's Pending is waited one iteration later, but after the next bias
add, which writes through a partition of `tmp` while the previous GELU still reads it."""

import numpy as np
from modelops import add, gelu

import tilert as tr

LAYERS, N = 6, 2048
rng = np.random.default_rng(6)
acts = [tr.zeros((N,), name=f"act{i}") for i in range(LAYERS + 1)]
biases = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(LAYERS)]
tmp = tr.zeros((N,), name="tmp")
acts[0].copy_from(rng.standard_normal(N).astype(np.float32))

prev = None
for i in range(LAYERS):
    add(tmp.partition((512,)), acts[i], biases[i]).sync()  # expect: TC103
    if prev is not None:
        prev.wait()
    prev = gelu(acts[i + 1].partition((512,)), tmp).submit()
prev.wait()
print(float(acts[-1].to_numpy().mean()))
