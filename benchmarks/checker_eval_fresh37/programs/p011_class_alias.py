import numpy as np
from hostkit import add

import tilert as tr


class BiasLayer:
    def __init__(self, width: int):
        self.bias = tr.from_numpy(np.full(width, 0.25, dtype=np.float32))
        self.out = tr.zeros((width,))

    def __call__(self, x):
        add(self.out.partition((128,)), self.out, self.bias).sync()  # expect: TC101
        return self.out


layer = BiasLayer(1024)
x = tr.ones((1024,))
y = layer(x)  # expect-also: TC101
print(y.to_numpy()[:3])
