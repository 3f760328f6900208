"""A weight prefetcher: `prefetch` copies the next layer's weights into a staging buffer and
keeps the Pending; `ready` waits for it."""

import numpy as np
from llmdelta import copy, mul

import tilert as tr


class Prefetcher:
    def __init__(self, size: int) -> None:
        self.staging = tr.zeros((size,), name="staging")
        self.pending = None

    def prefetch(self, weights) -> None:
        self.pending = copy(self.staging.partition((256,)), weights).submit()

    def ready(self):
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return self.staging


D, L = 1024, 3
rng = np.random.default_rng(8)
host = [rng.standard_normal(D).astype(np.float32) for _ in range(L)]
layers = [tr.from_numpy(h) for h in host]
x = tr.ones((D,))
y = tr.zeros((D,))
pf = Prefetcher(D)
for i in range(L):
    pf.prefetch(layers[i])
    mul(y.partition((256,)), x, pf.ready()).sync()
    np.testing.assert_allclose(y.to_numpy(), host[i], rtol=1e-6)
print(y.to_numpy()[:2])
