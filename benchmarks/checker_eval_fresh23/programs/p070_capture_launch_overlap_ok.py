import numpy as np
from llmpress.host import tiles
from llmpress.kernels import add, relu

import tilert as tr

# build a two-kernel step as a graph; launch the replay and overlap host work with it
x = tr.from_numpy(np.linspace(-1, 1, 1024, dtype=np.float32))
b = tr.from_numpy(np.full(1024, 0.25, dtype=np.float32))
h = tr.empty((1024,))
y = tr.empty((1024,))
with tr.graph() as g:
    g.record(add(tiles(h), x, b))
    g.record(relu(tiles(y), h))
for _ in range(3):
    replay = g.launch()
    expect = np.maximum(np.linspace(-1, 1, 1024, dtype=np.float32) + 0.25, 0)
    replay.wait()
g.close()
np.testing.assert_allclose(y.to_numpy(), expect, rtol=1e-6)
