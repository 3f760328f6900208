"""Two stages returned as nested pairs, unpacked in a for loop's target, both waited."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


def stage(src: tr.Tensor, factor: float) -> tuple[tr.Tensor, object]:
    out = vec(src.shape[0])
    return out, scale(tiles(out), src, factor).submit()


x = vec(48, 1.5)
stages = [(k, stage(x, f)) for k, f in enumerate((2.0, 4.0))]
for _k, (_buf, pend) in stages:
    pend.wait()
merged = np.concatenate([buf.to_numpy() for _, (buf, _) in stages])
assert merged[:48].sum() == 144.0 and merged[48:].sum() == 288.0
