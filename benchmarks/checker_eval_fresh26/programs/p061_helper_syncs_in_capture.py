"""Reuse the eager forward for graph capture."""

import numpy as np
from llmfjord import add, relu

import tilert as tr

D = 1024


def block(out: tr.Tensor, x: tr.Tensor, bias: tr.Tensor, tmp: tr.Tensor) -> None:
    add(tmp.partition((256,)), x, bias).sync()  # expect: TC111
    relu(out.partition((256,)), tmp).sync()


x = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
bias = tr.full((D,), 0.1)
tmp = tr.empty((D,))
out = tr.empty((D,))

block(out, x, bias, tmp)
with tr.graph() as g:
    block(out, x, bias, tmp)  # expect-also: TC111
g.launch().wait()
g.close()
print(out.to_numpy()[-3:])
