"""Input double buffering: the loader fills the other buffer while the compute reads this one."""

import numpy as np
from llmdelta import copy, scale

import tilert as tr

N = 512
rng = np.random.default_rng(13)
host = [rng.standard_normal(N).astype(np.float32) for _ in range(4)]
host_batches = [tr.from_numpy(h) for h in host]
inputs = [tr.zeros((N,)), tr.zeros((N,))]
out = tr.zeros((N,))

copy(inputs[0].partition((128,)), host_batches[0]).sync()
for i in range(len(host_batches) - 1):
    cur, nxt = inputs[i % 2], inputs[(i + 1) % 2]
    compute = scale(out.partition((128,)), cur, 2.0).submit()
    load = copy(nxt.partition((128,)), host_batches[i + 1]).submit()
    compute.wait()
    np.testing.assert_allclose(out.to_numpy(), 2 * host[i], rtol=1e-6)
    load.wait()
print(out.to_numpy()[:2])
