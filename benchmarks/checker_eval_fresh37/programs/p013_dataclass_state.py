from dataclasses import dataclass, field

import numpy as np
from hostkit import scale

import tilert as tr


@dataclass
class Buffers:
    n: int
    x: tr.Tensor = field(init=False)
    y: tr.Tensor = field(init=False)

    def __post_init__(self):
        self.x = tr.from_numpy(np.arange(self.n, dtype=np.float32))
        self.y = tr.empty((self.n,))


bufs = Buffers(512)
scale(bufs.y, bufs.x, 0.1).sync()  # expect: TC106
print(bufs.y.to_numpy()[-1])
