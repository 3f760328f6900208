"""Work items carrying their plans; a sanity check reads a buffer before the items run."""

from dataclasses import dataclass

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles

import tilert as tr


@dataclass
class Work:
    plan: object
    value: float


bufs = [tr.zeros((32,)) for _ in range(3)]
work = [Work(tiles(b), float(i)) for i, b in enumerate(bufs)]
assert np.allclose(bufs[0].to_numpy(), 0.0)  # expect: TC104
for item in work:
    K.fill(item.plan, item.value).sync()
