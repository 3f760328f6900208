"""Timing a launch between two events on a stream of its own."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

with tr.Stream() as s:
    x = tr.ones((1024,))
    y = tr.zeros((1024,))
    start = s.record()
    pend = K.scale(tiles(y), x, 3.0).submit()
    end = s.record()
pend.wait()
end.synchronize()
ms = start.elapsed_ms(end)
assert ms >= 0.0 and np.allclose(y.to_numpy(), 3.0)
print(f"scale: {ms:.3f} ms")
