"""Double buffering through a dict of roles: ``slots["read"], slots["write"]`` are swapped
before the step's wait, so the "read" slot is the one still being written."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
slots = {"read": tr.zeros((64,)), "write": tr.zeros((64,))}
seen: list[float] = []
for step in range(1, 4):
    pending = K.scale(tiles(slots["write"]), x, float(step)).submit()
    slots["read"], slots["write"] = slots["write"], slots["read"]
    seen.append(float(slots["read"].to_numpy()[1]))  # expect: TC102
    pending.wait()
print(seen)
