import numpy as np
from llmfjord import add, relu, scale

import tilert as tr

n = 4096
x = tr.from_numpy(np.linspace(-1, 1, n, dtype=np.float32))
b = tr.full((n,), 0.25)
y = tr.empty((n,), name="y")

y_tiles = y.partition((1024,))
# y = 2 * (x + b), the partition moving along the chain
add(y_tiles, x, b).then(lambda yp, *_: scale(yp, x, 2.0)).sync()
relu(y_tiles, x).sync()  # expect: TC109
print(y.to_numpy()[:3])
