import numpy as np
from trainkit import TILE, mul

import tilert as tr


class MaskedLayer:
    def __init__(self, n: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.act = tr.from_numpy(rng.standard_normal(n).astype(np.float32), name="act")
        keep = (rng.random(n) > 0.1).astype(np.float32) / 0.9
        self.mask = tr.from_numpy(keep.astype(np.float32), name="mask")
        self.out = tr.empty((n,), name="out")

    def forward(self) -> tr.Tensor:
        mul(self.out.partition((TILE,)), self.act, self.mask).sync()
        return self.out


layer = MaskedLayer(1024, seed=0)
print(layer.forward().to_numpy()[:4])
