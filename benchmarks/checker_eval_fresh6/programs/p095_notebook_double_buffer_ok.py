# %% notebook-style double buffering: fill slot (i+1) % 2 while slot i % 2 is consumed
import numpy as np
from llmforge import kernels as k

import tilert as tr

STEPS = 6
raw = [tr.from_numpy(np.full(32, float(i), np.float32)) for i in range(STEPS)]
slots = [tr.empty((32,)), tr.empty((32,))]
pend = [None, None]

# %%
pend[0] = k.copy(slots[0].partition((16,)), raw[0]).submit()
seen = []
for i in range(STEPS):
    if i + 1 < STEPS:
        pend[(i + 1) % 2] = k.copy(slots[(i + 1) % 2].partition((16,)), raw[i + 1]).submit()
    pend[i % 2].wait()
    seen.append(float(slots[i % 2].to_numpy()[0]))

# %%
assert seen == [float(i) for i in range(STEPS)], seen
print(seen)
