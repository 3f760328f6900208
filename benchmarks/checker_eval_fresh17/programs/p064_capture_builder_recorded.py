"""Capturing a block: the norm and residual ops are both recorded; the residual reads the norm."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

D = 64
x = tr.ones((D,), name="x")
normed = tr.empty((D,), name="normed")
resid = tr.empty((D,), name="resid")


def block(g: tr.Graph) -> None:
    g.record(K.scale(tiles(normed), x, 0.125))
    g.record(K.add(tiles(resid), x, normed))


with tr.graph() as g:
    block(g)
g.launch().wait()
g.close()
assert np.all(resid.to_numpy() == 1.125)
