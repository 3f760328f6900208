from __future__ import annotations

from llmrun.kernels import fill

import tilert as tr


def prepare(buf: tr.Tensor, tile: int) -> tr.Partition:
    return buf.partition((tile,))


logits = tr.zeros((128,), name="logits")
part = prepare(logits, 32)
print("tiles:", part.num_tiles, "max so far:", logits.to_numpy().max())  # expect: TC104
fill(part, 1.0).sync()
