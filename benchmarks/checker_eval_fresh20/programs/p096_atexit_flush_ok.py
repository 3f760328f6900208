"""A final flush registered with atexit plans and syncs at exit; the reads come before it."""

import atexit

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

stats = tr.zeros((32,))
atexit.register(lambda: K.fill(tiles(stats), 0.0).sync())
K.copy(tiles(stats), upload(np.arange(32))).sync()
assert float(np.asarray(stats).sum()) == 496.0
