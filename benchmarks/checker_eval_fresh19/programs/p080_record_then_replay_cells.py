"""Notebook cells: a warm-up op synced, a fresh op recorded, replayed, the graph closed."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

# %% build
x = upload(np.ones(64))
out = tr.zeros(64)


def step() -> tr.Op:
    return K.axpy(tiles(out), x, 2.0)


# %% warm up
step().sync()

# %% capture and replay
with tr.graph() as g:
    g.record(step())
for _ in range(3):
    g.launch().wait()
g.close()

# %% check
np.testing.assert_allclose(out.to_numpy(), 8.0)
print("ok")
