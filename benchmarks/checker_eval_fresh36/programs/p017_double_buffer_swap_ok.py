"""Double buffering of input batches: while the kernel works on one buffer the host fills the
other; names swap every iteration and the in-flight Pending is waited before its buffer is
refilled."""

import numpy as np
from modelops import axpy

import tilert as tr

N, STEPS = 1024, 6
acc = tr.zeros((N,), name="acc")
front = tr.empty((N,), name="buf_a")
back = tr.empty((N,), name="buf_b")
front.copy_from(np.full(N, 1.0, dtype=np.float32))

pending = None
for step in range(STEPS):
    if pending is not None:
        pending.wait()
    nxt = axpy(acc.partition((256,)), front, 0.5).submit()
    back.copy_from(np.full(N, float(step + 2), dtype=np.float32))
    pending = nxt
    front, back = back, front
pending.wait()
print(acc.to_numpy()[:4])
