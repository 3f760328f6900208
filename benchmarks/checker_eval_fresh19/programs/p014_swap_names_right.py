"""Double buffering with swapped names, waiting before the swap's new front is read."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

src = upload(np.arange(128))
front, back = tr.zeros(128), tr.zeros(128)
K.copy(tiles(front), src).sync()
sums = []
for _ in range(3):
    pending = K.scale(tiles(back), front, 0.5).submit()
    front, back = back, front
    pending.wait()
    sums.append(float(front.to_numpy().sum()))
np.testing.assert_allclose(sums, [x * np.arange(128).sum() for x in (0.5, 0.25, 0.125)])
print("ok")
