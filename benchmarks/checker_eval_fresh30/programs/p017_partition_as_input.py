"""Bias + activation for a feed-forward layer, written as two launches."""

import numpy as np
from llmquill import add, gelu

import tilert as tr

TILE = (512,)


def bias_gelu(x: tr.Tensor, bias: tr.Tensor) -> tr.Tensor:
    pre = tr.empty(x.shape)
    out = tr.empty(x.shape)
    add(pre.partition(TILE), x, bias).sync()
    gelu(out.partition(TILE), pre.partition(TILE)).sync()  # expect: TC106
    return out


x = tr.from_numpy(np.ones(2048, dtype=np.float32))
h = bias_gelu(x, tr.full((2048,), -0.5))  # expect-also: TC106
print(h.to_numpy()[:2])
