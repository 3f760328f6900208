"""Warm up a launch eagerly, then capture that same op into a graph for replay."""

from llmcove import add, silu

import tilert as tr

D = 1024
x = tr.arange(D)
bias = tr.full((D,), -512.0)
h = tr.empty((D,))
y = tr.empty((D,))

first = add(h.partition((256,)), x, bias)
first.sync()
with tr.graph() as g:
    g.record(first)  # expect: TC110
    g.record(silu(y.partition((256,)), h))
for _ in range(3):
    g.launch().wait()
g.close()
print(y.to_numpy()[510:514])
