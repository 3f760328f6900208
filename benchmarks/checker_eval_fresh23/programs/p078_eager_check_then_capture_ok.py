import numpy as np
from llmpress.host import tiles
from llmpress.kernels import mul

import tilert as tr

# run the step once eagerly to check it, then capture the same step for replay
x = tr.from_numpy(np.arange(512, dtype=np.float32))
gate = tr.from_numpy(np.full(512, 0.5, dtype=np.float32))
out = tr.empty((512,))


def step() -> tr.Op:
    return mul(tiles(out), x, gate)


step().sync()
assert float(out.to_numpy()[2]) == 1.0
with tr.graph() as g:
    g.record(step())
g.launch().wait()
g.close()
np.testing.assert_allclose(out.to_numpy(), 0.5 * np.arange(512))
