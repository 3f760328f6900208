"""Two stages returned as nested pairs; only the head's Pending is waited before both reads."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


def stage(src: tr.Tensor, factor: float) -> tuple[tr.Tensor, object]:
    out = vec(src.shape[0])
    return out, scale(tiles(out), src, factor).submit()


x = vec(48, 1.5)
(head, p_head), (tail, p_tail) = stage(x, 2.0), stage(x, 4.0)
p_head.wait()
merged = np.concatenate([head.to_numpy(), tail.to_numpy()])  # expect: TC102
p_tail.wait()
print(merged.mean())
