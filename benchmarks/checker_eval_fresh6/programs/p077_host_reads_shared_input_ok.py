"""Looks suspicious: the host reads the input `x` (for a checksum) while the op that reads
`x` is in flight; both only read it."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

x = tr.from_numpy(np.arange(64, dtype=np.float32))
y = tr.zeros((64,))
pending = k.scale(y.partition((16,)), x, 2.0).submit()
checksum = float(x.to_numpy().sum())
pending.wait()
assert float(y.to_numpy().sum()) == 2 * checksum
print(checksum)
