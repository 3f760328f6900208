"""A perplexity meter with `__round__`: `round(meter, 2)` reads the device value mid-update."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class Perplexity:
    def __init__(self) -> None:
        self.value = tr.zeros((16,), name="ppl")

    def update(self, nll: tr.Tensor) -> tr.Pending:
        return K.accum(tiles(self.value), nll).submit()

    def __round__(self, ndigits: int = 0) -> float:
        return round(float(np.exp(self.value.to_numpy().mean())), ndigits)  # expect: TC102


ppl = Perplexity()
running = ppl.update(tr.from_numpy(np.full(16, 0.1, np.float32)))
print("ppl", round(ppl, 2))  # expect-also
running.wait()
