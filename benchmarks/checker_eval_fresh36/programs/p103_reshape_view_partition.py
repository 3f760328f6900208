"""Splitting heads with a reshape view: the per-head scale kernel is submitted on a partition of
the [heads, head_dim] view of the projection, and the flat projection is read for a checksum
before the wait."""

import numpy as np
from modelops import scale

import tilert as tr

HEADS, HEAD_DIM = 8, 64
rng = np.random.default_rng(47)
proj = tr.from_numpy(rng.standard_normal(HEADS * HEAD_DIM).astype(np.float32), name="q_flat")
per_head = proj.reshape(HEADS, HEAD_DIM)

pending = scale(per_head.partition((1, HEAD_DIM)), HEAD_DIM**-0.5).submit()
checksum = float(proj.to_numpy().sum())  # expect: TC102
pending.wait()
print(checksum)
