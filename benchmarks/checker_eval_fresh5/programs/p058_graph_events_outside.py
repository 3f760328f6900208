"""Events recorded around the replays (not inside the capture) to time them."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import axpy

import tilert as tr

N = 256
y = tr.zeros((N,))
x = tr.ones((N,))
stream = tr.Stream()
with tr.graph(stream) as g:
    g.record(axpy(y.partition((64,)), x, 0.5))
start = stream.record()
for _ in range(4):
    g.launch(stream).wait()
end = stream.record()
end.synchronize()
ms = start.elapsed_ms(end)
g.close()
assert ms >= 0.0
assert np.allclose(y.to_numpy(), 2.0)
