"""A decode step captured once; the prompt is loaded before the capture and replayed twice."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

D = 64
tokens = tr.empty((D,), name="tokens")
hidden = tr.empty((D,), name="hidden")


def step(g: tr.Graph) -> None:
    g.record(K.scale(tiles(hidden), tokens, 0.5))


tokens.copy_from(np.ones(D, np.float32))
with tr.graph() as g:
    step(g)
for _ in range(2):
    g.launch().wait()
g.close()
assert np.all(hidden.to_numpy() == 0.5)
