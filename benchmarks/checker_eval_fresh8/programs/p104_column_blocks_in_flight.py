"""Two column blocks of one matrix written at once; the host reads the third block meanwhile."""

import numpy as np
from llmweave.kernels import fill

import tilert as tr

m = tr.zeros((4, 48), name="m")
left, mid, right = m[:, :16], m[:, 16:32], m[:, 32:]
right.copy_from(np.full((4, 16), 9.0, np.float32))
pl = fill(left.partition((4, 16)), 1.0).submit()
pm = fill(mid.partition((4, 16)), 2.0).submit()
peek = right.to_numpy().copy()
pl.wait()
pm.wait()
assert np.allclose(peek, 9.0)
assert np.allclose(m.to_numpy()[0], [1.0] * 16 + [2.0] * 16 + [9.0] * 16)
print("blocks ok")
