import numpy as np
from llmquay import scale

import tilert as tr


def tiles_of(t: tr.Tensor, tile: int = 256) -> tr.Partition:
    return t.partition((tile,))


x = tr.from_numpy(np.arange(1024, dtype=np.float32))
y = tr.empty((1024,), name="y")
y_tiles = tiles_of(y)
y.copy_from(np.zeros(1024, dtype=np.float32))  # expect: TC104
scale(y_tiles, x, 2.0).sync()
print(y.to_numpy()[:4])
