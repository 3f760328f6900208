"""Two rows of a batch buffer are written by ops in flight together while the host reads the
third row."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

batch = tr.zeros((3, 64))
x = upload(np.ones(64))
p0 = K.scale(tiles(batch[0]), x, 1.0).submit()
p1 = K.scale(tiles(batch[1]), x, 2.0).submit()
third = batch[2].to_numpy().sum()
p1.wait()
p0.wait()
assert third == 0.0
np.testing.assert_allclose(batch.to_numpy().sum(axis=1), [64.0, 128.0, 0.0])
print("ok")
