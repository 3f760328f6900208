"""Launch arguments in a `NamedTuple` spread with `**job._asdict()`: the `z` field holds the
tensor, not a partition."""

from typing import NamedTuple

import numpy as np
from llmtide import kernels as K

import tilert as tr


class ReluJob(NamedTuple):
    z: tr.Tensor
    x: tr.Tensor


x = tr.from_numpy(np.linspace(-1, 1, 16, dtype=np.float32))
job = ReluJob(z=tr.zeros((16,), name="act"), x=x)
K.relu(**job._asdict()).sync()  # expect: TC106
