"""Layer outputs in a dict of objects; every block is waited before the summary comprehension."""

from dataclasses import dataclass

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


@dataclass
class Block:
    out: tr.Tensor
    done: tr.Pending | None = None

    def settle(self) -> "Block":
        if self.done is not None:
            self.done.wait()
            self.done = None
        return self


x = tr.ones((64,), name="x")
model = {name: Block(tr.empty((64,), name=name)) for name in ("attn", "mlp")}
for gain, block in enumerate(model.values(), start=1):
    block.done = K.scale(tiles(block.out), x, float(gain)).submit()

summary = {name: float(b.settle().out.to_numpy().max()) for name, b in model.items()}
assert summary == {"attn": 1.0, "mlp": 2.0}
print(summary)
