"""Double buffering of input batches: the host refills the back buffer while the front one is
consumed. The wait for the previous step was moved after the loop, so each step's partition of the
accumulator is taken while the step before still writes it."""

import numpy as np
from modelops import axpy

import tilert as tr

N, STEPS = 1024, 6
acc = tr.zeros((N,), name="acc")
front = tr.empty((N,), name="buf_a")
back = tr.empty((N,), name="buf_b")
front.copy_from(np.full(N, 1.0, dtype=np.float32))

pending = []
for step in range(STEPS):
    pending.append(axpy(acc.partition((256,)), front, 0.5).submit())  # expect: TC102
    back.copy_from(np.full(N, float(step + 2), dtype=np.float32))
    front, back = back, front
for p in pending:
    p.wait()
print(acc.to_numpy()[:4])
