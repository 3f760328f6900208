from __future__ import annotations

import numpy as np
from llmhost.kernels import scale

import tilert as tr


class Batcher:
    def __init__(self) -> None:
        self.jobs: list[tuple[tr.Tensor, tr.Pending]] = []

    def submit(self, x: tr.Tensor, alpha: float) -> tr.Tensor:
        out = tr.zeros(x.shape)
        self.jobs.append((out, scale(out.partition((16,)), x, alpha).submit()))
        return out

    def flush(self) -> None:
        for _, pending in self.jobs:
            pending.wait()
        self.jobs.clear()


b = Batcher()
first = b.submit(tr.ones((64,)), 1.0)
second = b.submit(tr.ones((64,)), 2.0)
print("early look", np.asarray(first.to_numpy()).max())  # expect: TC102
b.flush()
print(second.to_numpy()[0])
