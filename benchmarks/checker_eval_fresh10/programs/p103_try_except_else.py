"""A launch in try/except/else/finally: the Pending waited in `else`, the read after it."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
y = tr.zeros((8,), dtype=f32)
log: list[str] = []
try:
    pend = k.relu(tiles(y), x).submit()
except ValueError as e:
    log.append(f"refused: {e}")
else:
    pend.wait()
    log.append("ran")
finally:
    log.append("done")
assert log == ["ran", "done"]
np.testing.assert_allclose(y.to_numpy(), np.arange(8))
