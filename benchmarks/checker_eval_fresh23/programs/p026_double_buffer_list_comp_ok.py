"""Double-buffered decode activations: two buffers, one written while the other is consumed."""

import llmpress.kernels as K
import numpy as np
from llmpress.host import tiles

import tilert as tr

D = 512
STEPS = 4


def run() -> list[float]:
    bufs = [tr.zeros((D,)) for _ in range(2)]
    x = tr.from_numpy(np.ones(D, dtype=np.float32))
    norms = []
    prev = None
    for step in range(STEPS):
        cur = K.scale(tiles(bufs[step % 2]), x, float(step)).submit()
        if prev is not None:
            prev.wait()
            norms.append(float(np.linalg.norm(bufs[(step - 1) % 2].to_numpy())))
        prev = cur
    prev.wait()
    return norms


norms = run()
np.testing.assert_allclose(norms, [0.0, np.sqrt(D), 2 * np.sqrt(D)], rtol=1e-6)
