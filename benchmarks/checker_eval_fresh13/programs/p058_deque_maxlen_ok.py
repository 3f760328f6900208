"""The deque(maxlen=2) window, the oldest waited before a third is appended."""

from collections import deque

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros(128) for _ in range(3)]
window: deque[tr.Pending] = deque(maxlen=2)
for i, o in enumerate(outs):
    if len(window) == window.maxlen:
        window.popleft().wait()
    window.append(K.scale(tiles(o), x, float(i)).submit())
while window:
    window.popleft().wait()
assert [float(o.to_numpy()[1]) for o in outs] == [0.0, 1.0, 2.0]
assert np.array_equal(outs[1].to_numpy(), np.arange(128, dtype=np.float32))
