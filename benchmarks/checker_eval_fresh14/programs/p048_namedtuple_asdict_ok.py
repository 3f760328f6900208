"""The same job spread with `**job._asdict()`, its `z` field built as a partition."""

from typing import NamedTuple

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class ReluJob(NamedTuple):
    z: tr.Partition
    x: tr.Tensor


x = tr.from_numpy(np.linspace(-1, 1, 16, dtype=np.float32))
act = tr.zeros((16,), name="act")
K.relu(**ReluJob(z=tiles(act), x=x)._asdict()).sync()
np.testing.assert_allclose(act.to_numpy(), np.maximum(np.linspace(-1, 1, 16), 0), rtol=1e-6)
