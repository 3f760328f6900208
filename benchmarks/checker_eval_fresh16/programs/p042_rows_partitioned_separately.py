"""Each row of a batch gets its own partition; the rows' ops run together through tr.zip."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

batch = vec(4 * 16).reshape(4, 16)
x = vec(16, 1.0)
plans = [tiles(batch[r]) for r in range(4)]
tr.zip(*[scale(p, x, float(r)) for r, p in enumerate(plans)]).sync()
assert np.array_equal(batch.to_numpy()[:, 0], [0.0, 1.0, 2.0, 3.0])
