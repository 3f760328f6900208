"""Read a transposed view while writing a separate output; then scale rows through views."""

import numpy as np
from llmbasin import copy, scale_

import tilert as tr

R, C = 64, 64

w = tr.from_numpy(np.arange(R * C, dtype=np.float32).reshape(R, C))
wt = tr.empty((C, R), name="wt")
copy(wt.partition((16, 16)), w.T).sync()
for r in range(0, C, 16):
    scale_(wt[r : r + 16].partition((16, 16)), 0.5).sync()
print(np.allclose(wt.to_numpy(), w.to_numpy().T * 0.5))
