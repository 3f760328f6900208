"""Software pipelining over layers: one op stays in flight across iterations, but the loop
replaces the carried Pending without waiting for it."""

import numpy as np
from llmcraft import silu

import tilert as tr

D = 256
LAYERS = 2

x = tr.from_numpy(np.linspace(-2, 2, D, dtype=np.float32))
acts = [tr.empty((D,), name=f"act{i}") for i in range(LAYERS)]

prev = None
src = x
for layer in range(LAYERS):
    pend = silu(acts[layer].partition((64,)), src).submit()  # expect: TC108
    prev = pend
    src = acts[layer]
if prev is not None:
    prev.wait()

print("final", acts[-1].to_numpy()[:4])
