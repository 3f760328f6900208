"""A sliding window shift written as one launch: `win[:48] = win[16:] + bias`, overlapping views."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

win = tr.from_numpy(np.arange(64, dtype=np.float32))
bias = tr.zeros((48,))
K.add(tiles(win[:48]), win[16:], bias).sync()  # expect: TC101
print(win.to_numpy()[:4])
