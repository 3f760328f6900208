"""Per-head statistics from a flat projection output, read through a 2-D view."""

import numpy as np
from llmfjord import scale

import tilert as tr

HEADS, HEAD_DIM = 8, 128
proj = tr.from_numpy(np.random.default_rng(3).standard_normal(HEADS * HEAD_DIM).astype(np.float32))
q = tr.empty((HEADS * HEAD_DIM,), name="q")
q_heads = q.reshape(HEADS, HEAD_DIM)

pending = scale(q.partition((HEAD_DIM,)), proj, HEAD_DIM**-0.5).submit()
per_head_norm = np.linalg.norm(q_heads.to_numpy(), axis=1)  # expect: TC102
pending.wait()
print(per_head_norm.round(3))
