"""A weight prefetcher: `prefetch` copies the next layer's weights into a staging buffer."""

import numpy as np
from llmdelta import copy, mul

import tilert as tr


class Prefetcher:
    def __init__(self, size: int) -> None:
        self.staging = tr.zeros((size,), name="staging")
        self.pending = None

    def prefetch(self, weights):
        _pending = copy(self.staging.partition((256,)), weights).submit()  # expect: TC108
        self.layer_ready = True


D, L = 1024, 3
rng = np.random.default_rng(8)
layers = [tr.from_numpy(rng.standard_normal(D).astype(np.float32)) for _ in range(L)]
x = tr.ones((D,))
y = tr.zeros((D,))
pf = Prefetcher(D)
pf.prefetch(layers[0])  # expect-also: TC108
mul(y.partition((256,)), x, pf.staging).sync()
print(y.to_numpy()[:2])
