import numpy as np
from llmpress.host import tiles
from llmpress.kernels import accum, fill

import tilert as tr

grad = tr.zeros((512,), name="grad")


def zero_grad(plan=None):
    fill(plan if plan is not None else tiles(grad), 0.0).sync()


def train_step(batch: np.ndarray) -> float:
    zero_grad()
    accum(tiles(grad), tr.from_numpy(batch)).sync()
    return float(np.linalg.norm(grad.to_numpy()))


rng = np.random.default_rng(1)
batches = [rng.standard_normal(512).astype(np.float32) for _ in range(2)]
norms = [train_step(b) for b in batches]
np.testing.assert_allclose(norms, [np.linalg.norm(b) for b in batches], rtol=1e-5)
