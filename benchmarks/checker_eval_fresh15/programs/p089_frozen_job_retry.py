"""A frozen dataclass job with its plan, retried once after a host-side check fails."""

from dataclasses import dataclass

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


@dataclass(frozen=True)
class Job:
    out: tr.Tensor
    plan: object
    x: tr.Tensor


buf = tr.zeros((32,))
job = Job(buf, tiles(buf), vec(np.arange(32)))
for attempt in range(2):
    K.scale(job.plan, job.x, 0.5).sync()  # expect: TC109
    if attempt:
        break
print(buf.to_numpy()[:2])
