"""A sliding-window smoother writes window [0:16] from window [8:24] of the same buffer."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

signal = upload(np.arange(32))
stride = 8
K.scale(tiles(signal[:16]), signal[stride : stride + 16], 0.5).sync()  # expect: TC101
