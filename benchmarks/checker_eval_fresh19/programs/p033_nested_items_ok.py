"""Stages in a dict of `(buffer, pending)`; `for name, (buf, p) in stages.items()` waits each
before its read."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


def stage(x: tr.Tensor, a: float) -> tuple[tr.Tensor, tr.Pending]:
    out = tr.zeros(x.shape[0])
    return out, K.scale(tiles(out), x, a).submit()


x = upload(np.ones(64))
stages = {name: stage(x, a) for name, a in (("embed", 1.0), ("attn", 2.0), ("mlp", 3.0))}
sums = {}
for name, (buf, p) in stages.items():
    p.wait()
    sums[name] = float(buf.to_numpy().sum())
assert sums == {"embed": 64.0, "attn": 128.0, "mlp": 192.0}
print("ok")
