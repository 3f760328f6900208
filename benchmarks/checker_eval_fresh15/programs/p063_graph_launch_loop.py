"""A graph replayed in a loop; only the last replay's Pending is waited."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.ones(32))
acc = tr.zeros((32,))
with tr.graph() as g:
    g.record(K.accum(tiles(acc), x))
for _ in range(3):
    done = g.launch()  # expect: TC108
done.wait()
g.close()
print(acc.to_numpy()[0])
