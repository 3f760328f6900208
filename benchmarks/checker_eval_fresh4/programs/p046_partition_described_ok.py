from __future__ import annotations

from llmrun.kernels import fill

import tilert as tr


def prepare(buf: tr.Tensor, tile: int) -> tr.Partition:
    return buf.partition((tile,))


logits = tr.zeros((128,), name="logits")
before = logits.to_numpy().max()
part = prepare(logits, 32)
print("tiles:", part.num_tiles, part.describe())
fill(part, 1.0).sync()
assert before == 0.0 and logits.to_numpy().sum() == 128.0
