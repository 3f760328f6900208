import numpy as np
from tilekit import scale

import tilert as tr


class Normalizer:
    def __init__(self, size, tile=256):
        self.out = tr.zeros((size,), name="normalized")
        self.tile = tile

    def __call__(self, x, norm):
        scale(self.out.partition((self.tile,)), x, 1.0 / norm).sync()
        return self

    def numpy(self):
        return self.out.to_numpy()


data = np.arange(1024, dtype=np.float32)
norm = Normalizer(1024)
print("before:", norm.numpy()[:2])
norm(tr.from_numpy(data), float(np.linalg.norm(data)))
print("after:", norm.numpy()[:2])
