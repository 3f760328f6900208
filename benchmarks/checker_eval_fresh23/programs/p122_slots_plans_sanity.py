import numpy as np
from llmpress.host import tiles
from llmpress.kernels import fill

import tilert as tr


class ResetBank:
    """Planned resets of a bank of accumulators, run together at the end of a step."""

    __slots__ = ("bufs", "plans")

    def __init__(self, bufs: list[tr.Tensor]) -> None:
        self.bufs = bufs
        self.plans = [tiles(b) for b in bufs]

    def check(self) -> bool:
        return all(np.isfinite(b.to_numpy()).all() for b in self.bufs)  # expect: TC104

    def run(self) -> None:
        tr.zip(*(fill(p, 0.0) for p in self.plans)).sync()
        self.plans = []


bank = ResetBank([tr.ones((256,), name=f"acc{i}") for i in range(3)])
if bank.check():  # expect-also
    bank.run()
