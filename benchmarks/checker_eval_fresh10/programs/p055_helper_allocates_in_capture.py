"""A graph capture calling a helper that allocates its scratch buffer on the way."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


def gated(g: tr.Graph, out: Tensor[f32], x: Tensor[f32]) -> None:
    scratch = tr.zeros(x.shape, dtype=f32)  # expect: TC111
    g.record(k.relu(tiles(scratch), x))
    g.record(k.mul(tiles(out), x, scratch))


x = tr.arange(8, dtype=f32)
out = tr.zeros((8,), dtype=f32)
with tr.graph() as g:
    gated(g, out, x)  # expect-also
g.launch().wait()
g.close()
