"""A decode loop that waits every step and breaks on its budget only after the wait."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

logits = tr.zeros((32,))
x = H.upload(np.arange(32))
budget = 2
for step in range(4):
    pending = K.scale(H.tiles(logits), x, float(step)).submit()
    pending.wait()
    if step == budget:
        break
else:
    print("ran out of steps")
assert np.allclose(logits.to_numpy(), np.arange(32) * budget)
