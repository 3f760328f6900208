"""Software pipelining over layers: each layer's output goes to its own buffer, one op stays in
flight across iterations and is waited at the top of the next one."""

import numpy as np
from llmcraft import silu

import tilert as tr

D = 256
LAYERS = 5

x = tr.from_numpy(np.linspace(-2, 2, D, dtype=np.float32))
acts = [tr.empty((D,), name=f"act{i}") for i in range(LAYERS)]

prev = None
src = x
for layer in range(LAYERS):
    pend = silu(acts[layer].partition((64,)), src).submit()
    if prev is not None:
        prev.wait()
    prev = pend
    src = acts[layer]
if prev is not None:
    prev.wait()

print("final", acts[-1].to_numpy()[:4])
