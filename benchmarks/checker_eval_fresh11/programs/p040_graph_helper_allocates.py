"""A helper called inside the capture allocates its output there."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


def gelu_like(x: tr.Tensor) -> tuple[tr.Tensor, tr.Op]:
    out = tr.zeros(x.shape)  # expect: TC111
    return out, K.relu(tiles(out), x)


x = tr.arange(128)
with tr.graph() as g:
    y, op = gelu_like(x)  # expect-also
    g.record(op)
g.launch().wait()
g.close()
