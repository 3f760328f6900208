"""While building the graph, one op is synced 'to check it works'."""

from __future__ import annotations

from llmdeck.kernels import copy, scale

import tilert as tr

N = 64
x = tr.arange(N)
y, z = tr.zeros((N,)), tr.zeros((N,))


def build() -> tr.Graph:
    with tr.graph() as g:
        g.record(scale(y.partition((16,)), x, 2.0))
        copy(z.partition((16,)), x).sync()  # expect: TC111
    return g


g = build()  # expect-also
g.launch().wait()
g.close()
