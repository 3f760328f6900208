from __future__ import annotations

from llmrun.kernels import add, copy

import tilert as tr


def block(x: tr.Tensor, out: tr.Tensor, g: tr.Graph) -> None:
    tmp = tr.empty(x.shape)  # expect: TC111
    g.record(add(tmp.partition((16,)), x, x))
    g.record(copy(out.partition((16,)), tmp))


x = tr.ones((64,))
out = tr.zeros((64,))
with tr.graph() as g:
    block(x, out, g)  # expect-also
g.launch().wait()
g.close()
