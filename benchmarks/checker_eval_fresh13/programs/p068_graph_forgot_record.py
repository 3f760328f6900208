"""A graph builder records two of three ops; the bias op is made and never recorded."""

from llmrig import kernels as K

import tilert as tr


def build(g: tr.Graph, x: tr.Tensor, y: tr.Tensor, b: tr.Tensor) -> None:
    g.record(K.scale(y.partition((64,)), x, 2.0))
    bias = K.accum(b.partition((64,)), x)  # expect: TC105
    if len(g) > 2:
        g.record(bias)


x, y, b = tr.arange(128), tr.zeros(128), tr.zeros(128)
with tr.graph() as g:
    build(g, x, y, b)  # expect-also
g.launch().wait()
g.close()
