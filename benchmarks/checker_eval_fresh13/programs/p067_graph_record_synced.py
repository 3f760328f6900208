"""A warm-up syncs the step's op, then the same op object is recorded into a graph."""

from llmrig import kernels as K

import tilert as tr

x = tr.arange(128)
y = tr.zeros(128)
step = K.scale(y.partition((64,)), x, 2.0)
step.sync()
with tr.graph() as g:
    g.record(step)  # expect: TC110
g.close()
