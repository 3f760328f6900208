"""The same step with the wait in `finally`: both paths wait."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


class Overflow(Exception):
    pass


x = upload(np.arange(128))
out = tr.zeros(128)
pending = K.scale(tiles(out), x, 3.0).submit()
try:
    if x.to_numpy().max() > 100:
        raise Overflow
except Overflow:
    print("overflow, skipping the step")
finally:
    pending.wait()
np.testing.assert_allclose(out.to_numpy(), 3 * np.arange(128, dtype=np.float32))
print("ok")
