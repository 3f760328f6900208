"""Software pipelining with `if prev is not None: prev.wait()`: each step launches, then waits
and reads the previous step's output; the last is waited after the loop."""

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
            seen.append(float(outs[i - 1].to_numpy().sum()))
        prev = pend
    if prev is not None:
        prev.wait()
        seen.append(float(outs[-1].to_numpy().sum()))
    return seen


assert pipeline([tr.full((128,), v) for v in (-1.0, 2.0, 3.0)]) == [0.0, 256.0, 384.0]
