"""A KV cache `[layers, heads, dim]`: layer 0's head 1 is written in flight while the host reads
layer 1 (disjoint memory)."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

kv = tr.zeros((2, 4, 64))
row = upload(np.arange(64))
pending = K.copy(tiles(kv[0, 1]), row).submit()
layer1 = kv[1].to_numpy().copy()
pending.wait()
assert layer1.sum() == 0.0
np.testing.assert_allclose(kv[0, 1].to_numpy(), np.arange(64))
print("ok")
