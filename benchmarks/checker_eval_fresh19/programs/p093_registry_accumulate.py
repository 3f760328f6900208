"""Block kinds registered by a decorator; the residual block accumulates in place."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

BLOCKS: dict[str, Callable[[tr.Tensor, tr.Tensor], tr.Op]] = {}


def register(name: str) -> Callable[[Callable[[tr.Tensor, tr.Tensor], tr.Op]], object]:
    def deco(fn: Callable[[tr.Tensor, tr.Tensor], tr.Op]) -> Callable[..., tr.Op]:
        BLOCKS[name] = fn
        return fn

    return deco


@register("residual")
def residual(h: tr.Tensor, x: tr.Tensor) -> tr.Op:
    return K.accum(tiles(h), x)


h = upload(np.ones(64))
for _ in range(3):
    BLOCKS["residual"](h, upload(np.ones(64))).sync()
np.testing.assert_allclose(h.to_numpy(), 4.0)
print("ok")
