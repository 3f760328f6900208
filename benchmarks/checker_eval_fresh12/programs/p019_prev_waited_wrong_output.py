"""Software pipelining with `if prev is not None: prev.wait()`; the loop reads the current
step's output instead of the previous one."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def pipeline(xs: list[tr.Tensor]) -> list[float]:
    outs = [tr.zeros(x.shape) for x in xs]
    prev: tr.Pending | None = None
    seen = []
    for i, x in enumerate(xs):
        pend = K.relu(tiles(outs[i]), x).submit()
        if prev is not None:
            prev.wait()
        seen.append(float(outs[i].to_numpy().sum()))  # expect: TC102
        prev = pend
    if prev is not None:
        prev.wait()
    return seen


print(pipeline([tr.full((128,), v) for v in (-1.0, 2.0, 3.0)]))
