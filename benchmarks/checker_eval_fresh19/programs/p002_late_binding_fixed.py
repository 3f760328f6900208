"""Reader closures with the buffer bound as a default argument, called after every wait."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.arange(256))
bufs = [tr.zeros(256) for _ in range(3)]
pendings = [K.scale(tiles(buf), x, float(i + 1)).submit() for i, buf in enumerate(bufs)]
readers = [lambda b=buf: b.to_numpy() for buf in bufs]
for p in pendings:
    p.wait()
got = [r() for r in readers]
for i, g in enumerate(got):
    np.testing.assert_allclose(g, (i + 1) * np.arange(256, dtype=np.float32))
print("ok")
