"""Overlap the optimizer update with the next forward (on another stream)."""

import numpy as np
from hostkit import axpy, scale

import tilert as tr

D = 4096
w = tr.from_numpy(np.ones(D, dtype=np.float32))
grad = tr.full((D,), 0.01)
act = tr.empty((D,))
fwd_stream = tr.Stream()

fwd = scale(act.partition((512,)), w, 2.0).submit(fwd_stream)
axpy(w.partition((512,)), grad, -1.0).sync()  # expect: TC103
fwd.wait()
print(act.to_numpy()[0], w.to_numpy()[0])
