"""The first half of a buffer is written from its second half in one launch (disjoint views)."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

signal = upload(np.arange(32))
K.scale(tiles(signal[:16]), signal[16:], 0.5).sync()
np.testing.assert_allclose(signal.to_numpy()[:16], np.arange(16, 32) * 0.5)
