"""Per-layer Pendings kept in a dict; `update()` with the second pass replaces the first pass's
Pendings unwaited."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(64))
outs = {"attn": tr.zeros(64), "mlp": tr.zeros(64)}
inflight: dict[str, tr.Pending] = {}
inflight["attn"] = K.scale(tiles(outs["attn"]), x, 1.0).submit()  # expect: TC108
inflight["mlp"] = K.scale(tiles(outs["mlp"]), x, 2.0).submit()
inflight["mlp"].wait()
scratch = tr.zeros(64)
inflight.update(attn=K.scale(tiles(scratch), x, 3.0).submit())
for p in inflight.values():
    p.wait()
print(scratch.to_numpy()[0])
