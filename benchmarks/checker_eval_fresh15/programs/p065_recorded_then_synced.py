"""An op recorded into a graph, then synced by hand after the graph is closed."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.ones(32))
acc = tr.zeros((32,))
with tr.graph() as g:
    step = g.record(K.accum(tiles(acc), x))
g.launch().wait()
g.close()
step.sync()  # expect: TC110
print(acc.to_numpy()[0])
