from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from llmhost.kernels import scale

import tilert as tr


@dataclass
class Job:
    out: tr.Tensor
    pending: tr.Pending


x = tr.ones((64,))
jobs: list[Job] = []
for i in range(3):
    out = tr.zeros((64,))
    jobs.append(Job(out, scale(out.partition((16,)), x, float(i)).submit()))

totals = []
for job in jobs:
    job.pending.wait()
    totals.append(float(np.sum(job.out.to_numpy())))
assert totals == [0.0, 64.0, 128.0]
print("jobs ok")
