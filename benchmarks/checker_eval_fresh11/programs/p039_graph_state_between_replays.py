"""The runner's state is read between two replays, while the graph is still open."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.ones((256,), name="x")
h = tr.zeros((256,), name="h")
with tr.graph() as g:
    g.record(K.scale(tiles(h), x, 2.0))
    g.record(K.copy(tiles(x), h))
trace = []
for _ in range(3):
    g.launch().wait()
    trace.append(float(x.to_numpy()[0]))  # expect: TC102
g.close()
print(trace)
