"""An optimizer step partitions the weight while the forward gemv still reads it."""

import numpy as np
from llmrig import kernels as K

import tilert as tr
import tilert.kernels as tk

w = tr.ones((32, 64))
x = tr.ones(64)
y = tr.zeros(32)
grad = tr.full((32, 64), 0.1)
fwd = tk.gemv(y, w, x).submit()
K.accum(w.partition((8, 64)), grad).sync()  # expect: TC103
fwd.wait()
print(np.asarray(y)[:2])
