"""The number of tokens left for a request lives on the device; slicing uses it as an index."""

from llmpress.host import tiles
from llmpress.kernels import accum

import tilert as tr


class Budget:
    def __init__(self, limit: float) -> None:
        self.left = tr.full((64,), limit, name="left")

    def charge(self, used: tr.Tensor) -> tr.Pending:
        return accum(tiles(self.left), used).submit()

    def __index__(self) -> int:
        return int(self.left.to_numpy()[0])  # expect: TC102


budget = Budget(12.0)
prompt = list(range(40))
pending = budget.charge(tr.full((64,), -5.0))
window = prompt[:budget]  # expect-also
pending.wait()
print(len(window))
