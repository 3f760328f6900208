"""A graph with a side branch: the two projections of a layer run on separate streams."""

import numpy as np
from llmdelta import add, mul

import tilert as tr

D = 512
x = tr.from_numpy(np.linspace(0, 1, D, dtype=np.float32))
w_gate, w_up = tr.full((D,), 2.0), tr.full((D,), 3.0)
gate, up, out = tr.zeros((D,)), tr.zeros((D,)), tr.zeros((D,))
side = tr.Stream()

with tr.graph() as g:
    g.record(mul(gate.partition((128,)), x, w_gate))
    g.record(mul(up.partition((128,)), x, w_up), stream=side)
    g.record(add(out.partition((128,)), gate, up))
for _ in range(2):
    g.launch().wait()
g.close()
np.testing.assert_allclose(out.to_numpy(), 5 * np.linspace(0, 1, D, dtype=np.float32), rtol=1e-6)
print(out.to_numpy()[-1])
