"""Q and K plans made ahead in a NamedTuple; the host reads q's buffer to size the softmax while
its plan is alive."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


class Plans(NamedTuple):
    q: tr.Partition
    k: tr.Partition


x = upload(np.ones(64))
q, k = tr.zeros(64), tr.zeros(64)
plans = Plans(q=tiles(q), k=tiles(k))
width = q.to_numpy().shape[0]  # expect: TC104
K.scale(plans.q, x, 1.0 / width).sync()
K.scale(plans.k, x, 2.0).sync()
