"""A logits holder whose __float__ gives the top score; float() is taken while the head runs."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


class Logits:
    def __init__(self, n: int) -> None:
        self.values = tr.zeros(n)

    def __float__(self) -> float:
        return float(self.values.to_numpy().max())  # expect: TC102


hidden = tr.arange(128)
logits = Logits(128)
pending = K.scale(tiles(logits.values), hidden, 0.25).submit()
best = float(logits)  # expect-also
pending.wait()
print(best)
