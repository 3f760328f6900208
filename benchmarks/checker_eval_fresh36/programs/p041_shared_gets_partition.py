"""Scaling the attention output before the output projection: the author partitions the input
as well as the output, as though every argument had to be tiled."""

import numpy as np
from modelops import mul

import tilert as tr

N = 2048
rng = np.random.default_rng(15)
attn = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
gate = tr.from_numpy(rng.random(N).astype(np.float32))
gated = tr.empty((N,))

mul(gated.partition((512,)), attn.partition((512,)), gate).sync()  # expect: TC106
print(gated.to_numpy()[:3])
