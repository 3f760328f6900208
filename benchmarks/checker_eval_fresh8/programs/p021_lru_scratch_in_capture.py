"""Scratch buffers from a functools.cache factory, first asked for inside a graph capture."""

from functools import cache

from llmweave.kernels import add, scale

import tilert as tr


@cache
def scratch(n: int) -> tr.Tensor:
    return tr.zeros((n,), name=f"scratch{n}")  # expect: TC111


x = tr.ones((64,))
out = tr.zeros((64,))
with tr.graph() as g:
    tmp = scratch(64)  # expect-also
    g.record(scale(tmp.partition((16,)), x, 2.0))
    g.record(add(out.partition((16,)), tmp, x))
g.launch().wait()
g.close()
