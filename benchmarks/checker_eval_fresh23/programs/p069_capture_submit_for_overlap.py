import numpy as np
from llmpress.host import tiles
from llmpress.kernels import add, relu

import tilert as tr

# build a two-kernel step as a graph; submit the first kernel early to overlap with the host
x = tr.from_numpy(np.linspace(-1, 1, 1024, dtype=np.float32))
b = tr.from_numpy(np.full(1024, 0.25, dtype=np.float32))
h = tr.empty((1024,))
y = tr.empty((1024,))
with tr.graph() as g:
    first = add(tiles(h), x, b).submit()  # expect: TC111
    g.record(relu(tiles(y), h))
for _ in range(3):
    g.launch().wait()
g.close()
