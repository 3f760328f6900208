import numpy as np
from llmhost.kernels import fill

import tilert as tr

SEQ, D = 8, 16
cache = tr.zeros((SEQ, D))
for pos in range(SEQ):
    pending = fill(cache[pos].partition((D,)), float(pos + 1)).submit()
    if pos > 0:
        prefix = cache[:pos].to_numpy()  # the rows written before this step
        assert prefix.shape == (pos, D)
    pending.wait()
assert np.allclose(cache.to_numpy()[:, 0], np.arange(1, SEQ + 1))
print("prefix reads ok")
