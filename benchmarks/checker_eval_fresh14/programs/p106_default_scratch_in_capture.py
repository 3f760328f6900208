"""A decode step that makes its scratch buffer when none is given; called inside a capture."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


def step(x: tr.Tensor, out: tr.Tensor, scratch: tr.Tensor | None = None) -> list[tr.Op]:
    if scratch is None:
        scratch = tr.zeros(x.shape, name="scratch")  # expect: TC111
    return [K.scale(tiles(scratch), x, 2.0), K.add(tiles(out), scratch, x)]


x = tr.ones((16,))
out = tr.zeros((16,))
with tr.graph() as g:
    for op in step(x, out):  # expect-also
        g.record(op)
g.launch().wait()
g.close()
