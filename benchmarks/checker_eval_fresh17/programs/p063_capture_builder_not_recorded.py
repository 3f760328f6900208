"""Capturing a block: the residual op is built by a helper but only the norm op is recorded."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

D = 64
x = tr.ones((D,), name="x")
normed = tr.empty((D,), name="normed")
resid = tr.empty((D,), name="resid")


def block(g: tr.Graph) -> None:
    g.record(K.scale(tiles(normed), x, 0.125))
    residual = K.add(tiles(resid), x, normed)  # expect: TC105
    print("built", residual.label)


with tr.graph() as g:
    block(g)  # expect-also
g.launch().wait()
g.close()
