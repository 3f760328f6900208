"""Double buffering with swapped names: the front buffer is read while the back one fills."""

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
    history.append(float(front.to_numpy()[1]))
pending.wait()
history.append(float(back.to_numpy()[1]))
assert history == [1.0, 2.0, 3.0, 4.0], history
