"""A continuous-batching step submits each active request's decode and scans for finished
requests in a list comprehension before any wait."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


@dataclass
class Request:
    rid: int
    hidden: tr.Tensor
    out: tr.Tensor = field(default_factory=lambda: tr.zeros(64))
    pending: tr.Pending | None = None


active = [Request(i, upload(np.full(64, i - 1.0))) for i in range(3)]
for r in active:
    r.pending = K.relu(tiles(r.out), r.hidden).submit()
finished = [r.rid for r in active if r.out.to_numpy().max() == 0.0]  # expect: TC102
for r in active:
    if r.pending is not None:
        r.pending.wait()
print(finished)
