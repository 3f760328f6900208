"""A two-op generator recorded in a graph, replayed three times, closed, then
compared with the same generator run eagerly."""

from collections.abc import Iterator

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


def forward(x: tr.Tensor, h: tr.Tensor) -> Iterator[tr.Op]:
    yield K.shift(tiles(h), x, 1.0)
    yield K.scale(tiles(x), h, 0.5)


x_g, h_g = tr.zeros((128,)), tr.zeros((128,))
with tr.graph() as g:
    for op in forward(x_g, h_g):
        g.record(op)
for _ in range(3):
    g.launch().wait()
g.close()

x_e, h_e = tr.zeros((128,)), tr.zeros((128,))
for _ in range(3):
    for op in forward(x_e, h_e):
        op.sync()
np.testing.assert_array_equal(x_g.to_numpy(), x_e.to_numpy())
assert abs(float(x_e.to_numpy()[0]) - 0.875) < 1e-6
