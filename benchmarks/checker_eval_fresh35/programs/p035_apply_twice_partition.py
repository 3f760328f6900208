import numpy as np
from tilekit import axpy

import tilert as tr


def momentum_update(buf_tiles, grad, beta):
    axpy(buf_tiles, grad, beta).sync()  # expect: TC109


grad = tr.from_numpy(np.full(1024, 0.5, dtype=np.float32))
velocity = tr.zeros((1024,), name="velocity")
vel_tiles = velocity.partition((128,))
for _ in range(2):
    momentum_update(vel_tiles, grad, 0.9)  # expect-also: TC109
print(velocity.to_numpy()[0])
