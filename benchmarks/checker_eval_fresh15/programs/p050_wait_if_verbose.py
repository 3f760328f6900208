"""A helper that waits a Pending only when verbose, to print its output; quiet runs skip it."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


def show(p, out: tr.Tensor, verbose: bool) -> None:
    if verbose:
        p.wait()
        print(out.to_numpy()[:3])


x = vec(np.arange(32))
loud, quiet = tr.zeros((32,)), tr.zeros((32,))
p1 = K.scale(tiles(loud), x, 2.0).submit()
show(p1, loud, verbose=True)
p2 = K.scale(tiles(quiet), x, 3.0).submit()  # expect: TC108
show(p2, quiet, verbose=False)
