"""An op recorded in a graph, the graph replayed and closed, then the recorded op synced for a
final eager step."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

h = tr.from_numpy(np.arange(16, dtype=np.float32))
out = tr.zeros((16,))
with tr.graph() as g:
    step = g.record(K.scale(tiles(out), h, 0.5))
g.launch().wait()
g.close()
step.sync()  # expect: TC110
