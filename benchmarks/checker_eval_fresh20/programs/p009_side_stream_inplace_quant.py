"""A side stream copies the weight out; the main thread scales the weight in place meanwhile."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

w = upload(np.linspace(-4, 4, 32))
snapshot = tr.zeros((32,))
side = tr.Stream()
with side:
    backup = K.copy(tiles(snapshot), w).submit()
K.scale_(tiles(w), 0.25).sync()  # expect: TC103
backup.wait()
