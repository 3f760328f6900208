"""A step function meant for capture submits its op instead of recording it."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


def step(g: tr.Graph, out: tr.Tensor, x: tr.Tensor) -> None:
    g.record(scale(tiles(out), x, 0.5))
    scale(tiles(x), out, 1.0).submit()  # expect: TC111


a, b = vec(16, 4.0), vec(16)
with tr.graph() as g:
    step(g, b, a)  # expect-also
g.launch().wait()
g.close()
