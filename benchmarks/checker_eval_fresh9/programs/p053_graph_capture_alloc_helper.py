"""A layer helper that makes its own temporary, called while capturing the step."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


def gelu_ish(out: tr.Tensor[tr.f32], x: tr.Tensor[tr.f32]) -> list[tr.Op[Any]]:
    tmp = tr.zeros(x.shape)  # expect: TC111
    return [k.relu(tiles(tmp), x), k.scale(tiles(out), tmp, 0.5)]


x = tr.ones((8,))
y = tr.zeros((8,))
with tr.graph() as g:
    for op in gelu_ish(y, x):  # expect-also
        g.record(op)
g.launch().wait()
g.close()
print(y.to_numpy())
