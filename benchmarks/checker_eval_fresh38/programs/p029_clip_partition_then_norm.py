import numpy as np
from trainkit import TILE, scale, sq_accumulate

import tilert as tr

rng = np.random.default_rng(8)
grad = tr.from_numpy(rng.standard_normal(4096).astype(np.float32), name="grad")
sq = tr.zeros((4096,), name="sq")

grad_tiles = grad.partition((TILE,))
sq_accumulate(sq.partition((TILE,)), grad).sync()  # expect: TC104
total = float(np.sqrt(sq.to_numpy().sum()))
scale(grad_tiles, min(1.0, 1.0 / total)).sync()
print(total)
