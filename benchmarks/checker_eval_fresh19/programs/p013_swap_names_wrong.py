"""Double buffering with swapped names: after the swap `front` is the buffer just submitted."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

src = upload(np.arange(128))
front, back = tr.zeros(128), tr.zeros(128)
K.copy(tiles(front), src).sync()
sums = []
for _step in range(3):
    pending = K.scale(tiles(back), front, 0.5).submit()
    front, back = back, front
    sums.append(float(front.to_numpy().sum()))  # expect: TC102
    pending.wait()
print(sums)
