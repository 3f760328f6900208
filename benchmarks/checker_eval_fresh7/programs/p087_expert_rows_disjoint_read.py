"""Stacked expert weights [E, D]: expert 0's row is being updated in flight while the host reads
the other experts' rows through a slice with computed bounds (memory apart)."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

E, D = 4, 32
experts = tr.from_numpy(np.ones((E, D), dtype=np.float32), name="experts")
grad = tr.full((D,), 0.5)
busy = 0
update = K.axpy(experts[busy].partition((16,)), grad, -1.0).submit()
lo, hi = busy + 1, E
others = experts[lo:hi].to_numpy().copy()
update.wait()
assert others.shape == (3, D) and np.all(others == 1.0)
assert np.all(experts.to_numpy()[0] == 0.5)
print("rows ok")
