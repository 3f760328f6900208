"""Two events time a launch on a side stream; the Pending is waited before the read."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

prompt = upload(np.arange(128))
kv = tr.zeros(128)
side = tr.Stream()
start = side.record()
pending = K.scale(tiles(kv), prompt, 0.25).submit(side)
end = side.record()
end.synchronize()
ms = start.elapsed_ms(end)
pending.wait()
np.testing.assert_allclose(kv.to_numpy(), 0.25 * np.arange(128))
assert ms >= 0.0
print("ok")
