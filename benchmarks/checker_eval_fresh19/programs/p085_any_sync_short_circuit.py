"""Init ops run by `any(op.sync() for op in ops)`: `sync()` returns a non-empty tuple, so `any`
stops after the first op."""

from __future__ import annotations

from llmfern import kernels as K
from llmfern.host import tiles

import tilert as tr

params = {name: tr.empty(64) for name in ("wq", "wk")}
ops = [K.fill(tiles(params["wq"]), 0.02), K.fill(tiles(params["wk"]), 0.02)]  # expect: TC105
if any(op.sync() for op in ops):
    print("initialized")
