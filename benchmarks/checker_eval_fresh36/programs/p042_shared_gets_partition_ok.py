"""Scaling the attention output by a gate: only the output is partitioned; the inputs are
passed whole and read as Shared."""

import numpy as np
from modelops import mul

import tilert as tr

N = 2048
rng = np.random.default_rng(15)
attn = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
gate = tr.from_numpy(rng.random(N).astype(np.float32))
gated = tr.empty((N,))

mul(gated.partition((512,)), attn, gate).sync()
np.testing.assert_allclose(gated.to_numpy(), attn.to_numpy() * gate.to_numpy(), rtol=1e-6)
print(gated.to_numpy()[:3])
