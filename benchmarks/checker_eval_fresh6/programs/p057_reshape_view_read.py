"""The MLP's hidden vector is written asynchronously; the debug print reshapes it into heads
and reads the view before the wait."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

HEADS, HD = 4, 16
hidden = tr.zeros((HEADS * HD,), name="hidden")
x = tr.from_numpy(np.arange(HEADS * HD, dtype=np.float32))
p = k.relu(hidden.partition((16,)), x)
pending = p.submit()
per_head = hidden.reshape(HEADS, HD)
print(per_head.to_numpy().sum(axis=1))  # expect: TC102
pending.wait()
