import numpy as np
from llmhost.kernels import fill

import tilert as tr

h = tr.zeros((8, 32))
left = fill(h[:, :16].partition((8, 16)), 1.0).submit()
right = fill(h[:, 16:].partition((8, 16)), 2.0).submit()
right.wait()
right_half = h[:, 16:].to_numpy()
left.wait()
assert np.allclose(right_half, 2.0)
assert np.allclose(h.to_numpy()[:, :16], 1.0)
print("halves ok")
