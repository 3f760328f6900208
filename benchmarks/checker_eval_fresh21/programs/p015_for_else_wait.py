"""A decode loop whose wait sits in the for's else clause; the budget break skips it."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

logits = tr.zeros((32,))
x = H.upload(np.arange(32))
budget = 2
for step in range(4):
    pending = K.scale(H.tiles(logits), x, float(step)).submit()
    if step == budget:
        break
    pending.wait()
else:
    pending.wait()
print("last logits", logits.to_numpy()[:4])  # expect: TC102
pending.wait()
