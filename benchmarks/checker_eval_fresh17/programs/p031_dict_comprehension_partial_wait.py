"""Layer outputs in a dict of objects; only attention is waited before the summary comprehension."""

from dataclasses import dataclass

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


@dataclass
class Block:
    out: tr.Tensor
    done: tr.Pending | None = None


x = tr.ones((64,), name="x")
model = {name: Block(tr.empty((64,), name=name)) for name in ("attn", "mlp")}
for gain, block in enumerate(model.values(), start=1):
    block.done = K.scale(tiles(block.out), x, float(gain)).submit()

attn_done = model["attn"].done
assert attn_done is not None
attn_done.wait()
summary = {name: float(b.out.to_numpy().max()) for name, b in model.items()}  # expect: TC102
print(summary)
