"""Double buffering with `if prev is not None: prev.wait()`, the last step waited after."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.ones(32))
front, back = tr.zeros((32,)), tr.zeros((32,))
log = []
prev = None
for step in range(4):
    if prev is not None:
        prev.wait()
        log.append(float(back.to_numpy()[0]))
    prev = K.scale(tiles(front), x, float(step)).submit()
    front, back = back, front
if prev is not None:
    prev.wait()
    log.append(float(back.to_numpy()[0]))
assert log == [0.0, 1.0, 2.0, 3.0]
