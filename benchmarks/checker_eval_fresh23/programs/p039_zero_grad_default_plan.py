import numpy as np
from llmpress.host import tiles
from llmpress.kernels import accum, fill

import tilert as tr

grad = tr.zeros((512,), name="grad")


_GRAD_PLAN = tiles(grad)


def zero_grad(plan=_GRAD_PLAN):
    fill(plan, 0.0).sync()  # expect: TC109


def train_step(batch: np.ndarray) -> float:
    zero_grad()  # expect-also
    accum(tiles(grad), tr.from_numpy(batch)).sync()
    return float(np.linalg.norm(grad.to_numpy()))


rng = np.random.default_rng(1)
for step in range(2):
    print(step, train_step(rng.standard_normal(512).astype(np.float32)))
