import numpy as np
from llmquay import scale

import tilert as tr


def tiles_of(t: tr.Tensor, tile: int = 256) -> tr.Partition:
    return t.partition((tile,))


x = tr.from_numpy(np.arange(1024, dtype=np.float32))
y = tr.empty((1024,), name="y")
y.copy_from(np.zeros(1024, dtype=np.float32))
scale(tiles_of(y), x, 2.0).sync()
np.testing.assert_array_equal(y.to_numpy(), 2 * np.arange(1024, dtype=np.float32))
print(y.to_numpy()[:4])
