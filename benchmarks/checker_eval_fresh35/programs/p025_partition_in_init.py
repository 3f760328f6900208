import numpy as np
from tilekit import scale

import tilert as tr


class Normalizer:
    def __init__(self, size, tile=256):
        self.out = tr.empty((size,), name="normalized")
        self.tiles = self.out.partition((tile,))  # ready for __call__

    def __call__(self, x, norm):
        scale(self.tiles, x, 1.0 / norm).sync()
        return self

    def numpy(self):
        return self.out.to_numpy()  # expect: TC104


data = np.arange(1024, dtype=np.float32)
norm = Normalizer(1024)
print("before:", norm.numpy()[:2])  # expect-also: TC104
norm(tr.from_numpy(data), float(np.linalg.norm(data)))
print("after:", norm.numpy()[:2])
