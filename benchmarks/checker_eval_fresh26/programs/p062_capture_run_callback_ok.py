"""Reuse the eager forward for graph capture: the forward takes how to run each op."""

from collections.abc import Callable

import numpy as np
from llmfjord import add, relu

import tilert as tr

D = 1024


def block(
    out: tr.Tensor, x: tr.Tensor, bias: tr.Tensor, tmp: tr.Tensor, run: Callable[[tr.Op], object]
) -> None:
    run(add(tmp.partition((256,)), x, bias))
    run(relu(out.partition((256,)), tmp))


x = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
bias = tr.full((D,), 0.1)
tmp = tr.empty((D,))
out = tr.empty((D,))

block(out, x, bias, tmp, lambda op: op.sync())
with tr.graph() as g:
    block(out, x, bias, tmp, g.record)
for _ in range(3):
    g.launch().wait()
g.close()
print(out.to_numpy()[-3:])
