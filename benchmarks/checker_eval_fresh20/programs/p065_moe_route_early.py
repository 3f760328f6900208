"""Mixture of experts: the router's scores are arg-sorted for top-2 before the router's wait."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

N_EXPERTS = 16
gate_w = upload(np.linspace(-1, 1, N_EXPERTS))
hidden = upload(np.full(N_EXPERTS, 0.5))
router = tr.zeros((N_EXPERTS,))
routing = K.mul(tiles(router), gate_w, hidden).submit()
top2 = np.argsort(router)[-2:]  # expect: TC102
routing.wait()
print(top2)
