"""A reader closure made by a factory is called while the tensor it captured is written."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


def make_reader(t: tr.Tensor):
    def read() -> float:
        return float(t.to_numpy().max())  # expect: TC102

    return read


logits = vec(64)
top = make_reader(logits)
p = scale(tiles(logits), vec(64, 1.0), 3.0).submit()
print("max logit:", top())  # expect-also
p.wait()
