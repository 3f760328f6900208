"""The same holder, float() taken after the head's wait."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


class Logits:
    def __init__(self, n: int) -> None:
        self.values = tr.zeros(n)

    def __float__(self) -> float:
        return float(self.values.to_numpy().max())


hidden = tr.arange(128)
logits = Logits(128)
pending = K.scale(tiles(logits.values), hidden, 0.25).submit()
pending.wait()
best = float(logits)
assert best == np.float32(127 * 0.25)
