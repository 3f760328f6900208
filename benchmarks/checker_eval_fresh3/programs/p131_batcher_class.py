from __future__ import annotations

import numpy as np
from llmhost.kernels import scale

import tilert as tr


class Batcher:
    """Collects requests, launches them together, hands results back on flush()."""

    def __init__(self) -> None:
        self.jobs: list[tuple[tr.Tensor, tr.Pending]] = []

    def submit(self, x: tr.Tensor, alpha: float) -> None:
        out = tr.zeros(x.shape)
        self.jobs.append((out, scale(out.partition((16,)), x, alpha).submit()))

    def flush(self) -> list[np.ndarray]:
        results = []
        for out, pending in self.jobs:
            pending.wait()
            results.append(out.to_numpy())
        self.jobs.clear()
        return results


b = Batcher()
for a in (1.0, 2.0, 3.0):
    b.submit(tr.ones((64,)), a)
res = b.flush()
assert [float(r[0]) for r in res] == [1.0, 2.0, 3.0]
print("batcher ok")
