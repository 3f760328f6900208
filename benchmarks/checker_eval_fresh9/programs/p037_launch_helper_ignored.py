"""A residual helper that submits the add and hands back the Pending."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


def residual(out: tr.Tensor[tr.f32], x: tr.Tensor[tr.f32], r: tr.Tensor[tr.f32]) -> tr.Pending[Any]:
    return k.add(tiles(out), x, r).submit()  # expect: TC108


def layer(x: tr.Tensor[tr.f32]) -> tr.Tensor[tr.f32]:
    out = tr.zeros(x.shape)
    residual(out, x, x)  # expect-also
    return out


print(layer(tr.ones((8,))).shape)
