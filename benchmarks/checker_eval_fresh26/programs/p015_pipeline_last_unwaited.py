"""Software pipeline over layers: layer i's activation is launched before layer i-1's result is
collected, so one op is always in flight."""

import numpy as np
from llmfjord import relu

import tilert as tr

N_LAYERS = 5
WIDTH = 2048

x = tr.from_numpy(np.linspace(-1, 1, WIDTH, dtype=np.float32))
acts = [tr.empty((WIDTH,), name=f"act{i}") for i in range(N_LAYERS)]

prev = None
checksums = []
for i, act in enumerate(acts):
    pend = relu(act.partition((512,)), x).submit()  # expect: TC108
    if prev is not None:
        prev.wait()
        checksums.append(float(acts[i - 1].to_numpy().sum()))
    prev = pend
print(checksums)
