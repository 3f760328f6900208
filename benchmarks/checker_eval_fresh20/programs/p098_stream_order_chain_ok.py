"""Three dependent submits in stream order (each reads the previous output), waited newest first."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(32))
h1, h2, h3 = tr.zeros((32,)), tr.zeros((32,)), tr.zeros((32,))
p1 = K.scale(tiles(h1), x, 2.0).submit()
p2 = K.add(tiles(h2), h1, x).submit()
p3 = K.mul(tiles(h3), h2, h1).submit()
for pending in (p3, p2, p1):
    pending.wait()
np.testing.assert_allclose(h3.to_numpy(), (np.arange(32) * 3.0) * (np.arange(32) * 2.0))
