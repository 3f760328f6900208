"""The step graph is captured again after close(), planning the buffers afresh for each capture."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

D = 64
x = tr.ones((D,), name="x")
bufs = [tr.empty((D,), name=f"b{i}") for i in range(2)]


def capture(gain: float) -> tr.Graph:
    plans = [tiles(b) for b in bufs]
    with tr.graph() as g:
        for i, plan in enumerate(plans):
            g.record(K.scale(plan, x, gain * (i + 1)))
    return g


for gain in (1.0, 3.0):
    g = capture(gain)
    g.launch().wait()
    g.close()
assert np.all(bufs[1].to_numpy() == 6.0)
