"""Q and K plans made ahead in a NamedTuple, both used, then the buffers read."""

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
width = q.shape[0]  # metadata only
plans = Plans(q=tiles(q), k=tiles(k))
tr.zip(K.scale(plans.q, x, 1.0 / width), K.scale(plans.k, x, 2.0)).sync()
np.testing.assert_allclose(q.to_numpy(), 1.0 / 64)
np.testing.assert_allclose(k.to_numpy(), 2.0)
print("ok")
