"""Double buffering through a dict of roles, swapped after the step's wait; the "read" slot is
then the finished one."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
slots = {"read": tr.zeros((64,)), "write": tr.zeros((64,))}
seen: list[float] = []
for step in range(1, 4):
    pending = K.scale(tiles(slots["write"]), x, float(step)).submit()
    seen.append(float(slots["read"].to_numpy()[1]))
    pending.wait()
    slots["read"], slots["write"] = slots["write"], slots["read"]
assert seen == [0.0, 1.0, 2.0], seen
assert slots["read"].to_numpy()[1] == 3.0
