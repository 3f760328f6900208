"""Copy-compute overlap on two streams: the copy stream refills the input the compute reads."""

import numpy as np
from llmreef import copy, scale

import tilert as tr

N = 4096
compute, copier = tr.Stream(), tr.Stream()
staging = tr.from_numpy(np.ones(N, dtype=np.float32), name="staging")
x = tr.empty((N,), name="x")
y = tr.empty((N,), name="y")

copy(x.partition((1024,)), staging).sync()
for step in range(3):
    work = scale(y.partition((1024,)), x, 2.0).submit(compute)
    refill = copy(x.partition((1024,)), staging).submit(copier)  # expect: TC103
    work.wait()
    refill.wait()
    print(step, y.to_numpy()[0])
