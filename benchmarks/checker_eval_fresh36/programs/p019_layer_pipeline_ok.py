"""Software pipelining across layers: each layer's bias add and activation are submitted while
the layer before may still run (stream order makes reading its output safe); at most one layer's
work is left behind in flight, and its Pendings are waited one iteration later."""

import numpy as np
from modelops import add, gelu

import tilert as tr

LAYERS, N = 6, 2048
rng = np.random.default_rng(6)
acts = [tr.zeros((N,), name=f"act{i}") for i in range(LAYERS + 1)]
biases = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(LAYERS)]
tmp = [tr.zeros((N,), name=f"tmp{i}") for i in range(LAYERS)]
acts[0].copy_from(rng.standard_normal(N).astype(np.float32))

inflight: list[tr.Pending] = []
for i in range(LAYERS):
    inflight.append(add(tmp[i].partition((512,)), acts[i], biases[i]).submit())
    inflight.append(gelu(acts[i + 1].partition((512,)), tmp[i]).submit())
    if len(inflight) > 2:
        inflight.pop(0).wait()
        inflight.pop(0).wait()
for p in inflight:
    p.wait()
print(float(acts[-1].to_numpy().mean()))
