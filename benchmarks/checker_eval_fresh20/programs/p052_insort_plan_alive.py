"""Jobs kept sorted by deadline with bisect.insort, each holding its plan; a stats read first."""

import bisect

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import upload

import tilert as tr

out = tr.zeros((32,))
x = upload(np.arange(32))
jobs: list[tuple[float, str, tr.Partition]] = []
bisect.insort(jobs, (2.5, "decode", out.partition((8,))), key=lambda j: j[0])
used = int(np.count_nonzero(np.asarray(out)))  # expect: TC104
for _, _, plan in jobs:
    K.scale(plan, x, 1.0).sync()
