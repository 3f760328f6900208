"""A sliding window shift through a scratch tensor: copy out, then copy back."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

win = tr.from_numpy(np.arange(64, dtype=np.float32))
bias = tr.zeros((48,))
scratch = tr.empty((48,))
K.add(tiles(scratch), win[16:], bias).sync()
K.copy(tiles(win[:48]), scratch).sync()
assert np.array_equal(win.to_numpy()[:48], np.arange(16, 64, dtype=np.float32))
