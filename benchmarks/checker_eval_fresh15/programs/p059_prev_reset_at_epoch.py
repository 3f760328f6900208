"""Double buffering across epochs: the epoch boundary resets prev to None without a wait."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.ones(32))
front, back = tr.zeros((32,)), tr.zeros((32,))
log = []
for _epoch in range(2):
    prev = None
    for step in range(3):
        if prev is not None:
            prev.wait()
            log.append(float(back.to_numpy()[0]))
        prev = K.scale(tiles(front), x, float(step)).submit()  # expect: TC108
        front, back = back, front
print(log)
