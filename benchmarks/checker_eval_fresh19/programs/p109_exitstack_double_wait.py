"""A Pending waited explicitly inside the block and again by the ExitStack's callback at its end
(waiting twice is allowed)."""

from __future__ import annotations

from contextlib import ExitStack

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(64))
out = tr.zeros(64)
with ExitStack() as stack:
    pending = K.scale(tiles(out), x, 4.0).submit()
    stack.callback(pending.wait)
    pending.wait()
    total = float(out.to_numpy().sum())
assert total == 256.0
print("ok")
