"""Helpers that submit a launch and hand back the Pending; the caller waits later."""

import numpy as np
from llmdelta import submit_add, submit_scale

import tilert as tr

N = 512

a = tr.from_numpy(np.arange(N, dtype=np.float32))
b = tr.ones((N,))
c = tr.zeros((N,))
d = tr.zeros((N,))

p_sum = submit_add(c, a, b)
p_scaled = submit_scale(d, a, 0.5)
p_sum.wait()
total = float(c.to_numpy().sum())
half = d.to_numpy()  # expect: TC102
p_scaled.wait()
print(total, half[:3])
