"""A side stream copies the weight out; the in-place scale waits for the copy first."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

w = upload(np.linspace(-4, 4, 32))
snapshot = tr.zeros((32,))
side = tr.Stream()
with side:
    backup = K.copy(tiles(snapshot), w).submit()
backup.wait()
K.scale_(tiles(w), 0.25).sync()
np.testing.assert_allclose(w.to_numpy() * 4, snapshot.to_numpy(), rtol=1e-6)
