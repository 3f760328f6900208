"""Init ops run by `all(op.sync() for op in ops)`: every `sync()` returns a non-empty tuple, so
all of them run."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles

import tilert as tr

params = {name: tr.empty(64) for name in ("wq", "wk")}
ops = [K.fill(tiles(params["wq"]), 0.5), K.fill(tiles(params["wk"]), 0.25)]
assert all(op.sync() for op in ops)
np.testing.assert_allclose(params["wk"].to_numpy(), 0.25)
print("ok")
