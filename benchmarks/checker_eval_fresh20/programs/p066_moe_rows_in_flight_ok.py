"""Mixture of experts: each chosen expert writes its own row of the output, all in flight."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

N_EXPERTS, D = 4, 16
experts = [upload(np.full(D, float(e + 1))) for e in range(N_EXPERTS)]
x = upload(np.arange(D))
routed = tr.zeros((N_EXPERTS, D))
chosen = (1, 3)
pendings = {e: K.mul(tiles(routed[e]), experts[e], x).submit() for e in chosen}
for e in sorted(pendings, reverse=True):
    pendings[e].wait()
combined = routed.to_numpy()[list(chosen)].sum(axis=0)
np.testing.assert_allclose(combined, np.arange(D) * 6.0)
