"""Looks suspicious: the host reads `kv[0]` while an op writing `kv[1]` is in flight. The two
layers are disjoint views of one cache, so the read is allowed."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

kv = tr.from_numpy(np.stack([np.full(64, 1.0, np.float32), np.zeros(64, np.float32)]))
new_row = tr.full((64,), 2.0)
pending = k.copy(kv[1].partition((16,)), new_row).submit()
layer0 = kv[0].to_numpy().copy()
pending.wait()
assert np.all(layer0 == 1.0) and np.all(kv.to_numpy()[1] == 2.0)
print(layer0[0], kv.to_numpy()[1, 0])
