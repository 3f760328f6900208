"""Input double buffering: the loader copies the next batch into the buffer the compute reads."""

import numpy as np
from llmdelta import copy, scale

import tilert as tr

N = 512
rng = np.random.default_rng(13)
host_batches = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(4)]
inputs = [tr.zeros((N,)), tr.zeros((N,))]
out = tr.zeros((N,))

copy(inputs[0].partition((128,)), host_batches[0]).sync()
for i in range(len(host_batches) - 1):
    cur = inputs[i % 2]
    compute = scale(out.partition((128,)), cur, 2.0).submit()
    load = copy(cur.partition((128,)), host_batches[i + 1]).submit()  # expect: TC103
    compute.wait()
    load.wait()
print(out.to_numpy()[:2])
