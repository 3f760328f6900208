"""Double buffering with swapped names: `front, back = back, front` after each submit."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

front, back = tr.zeros((32,)), tr.zeros((32,))
x = upload(np.arange(32))
pending = K.scale(tiles(back), x, 1.0).submit()
history = []
for step in range(1, 4):
    front, back = back, front
    pending.wait()
    pending = K.scale(tiles(back), x, float(step + 1)).submit()
    history.append(float(back.to_numpy()[1]))  # expect: TC102
pending.wait()
print(history)
