"""A reader closure made by a factory is called once the tensor it captured is waited."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


def make_reader(t: tr.Tensor):
    def read() -> float:
        return float(t.to_numpy().max())

    return read


logits = vec(64)
top = make_reader(logits)
p = scale(tiles(logits), vec(64, 1.0), 3.0).submit()
p.wait()
assert top() == 3.0
