"""The input of a captured step read on the host between replays (the graph only reads it),
the output after `close()`."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

h = tr.from_numpy(np.arange(16, dtype=np.float32))
out = tr.zeros((16,))
with tr.graph() as g:
    g.record(K.scale(tiles(out), h, 0.5))
checks = []
for _ in range(3):
    g.launch().wait()
    checks.append(float(h.to_numpy().sum()))
g.close()
assert checks == [120.0] * 3
np.testing.assert_allclose(out.to_numpy(), 0.5 * np.arange(16))
