"""Double buffering: while batch i is processed into one buffer, the host reads the other."""

import numpy as np
from llmdelta import scale

import tilert as tr

N = 1024
rng = np.random.default_rng(5)
host = [rng.standard_normal(N).astype(np.float32) for _ in range(6)]
batches = [tr.from_numpy(h) for h in host]
buf_a, buf_b = tr.zeros((N,)), tr.zeros((N,))
sums = []

pend_a = scale(buf_a.partition((256,)), batches[0], 2.0).submit()
for batch in batches[1:]:
    pend_b = scale(buf_b.partition((256,)), batch, 2.0).submit()
    pend_a.wait()
    sums.append(float(buf_a.to_numpy().sum()))
    buf_a, buf_b = buf_b, buf_a
    pend_a = pend_b
pend_a.wait()
sums.append(float(buf_a.to_numpy().sum()))
np.testing.assert_allclose(sums, [2 * h.sum() for h in host], rtol=1e-4)
print(len(sums))
