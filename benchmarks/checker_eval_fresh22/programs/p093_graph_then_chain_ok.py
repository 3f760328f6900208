"""A captured chain: add, then scale on the same partition, the partition handed along."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

a, b = upload(np.ones(128)), upload(np.arange(128))
z = tr.zeros((128,), name="z")
with tr.graph() as g:
    plan = tiles(z)
    g.record(K.add(plan, a, b).then(lambda zp, *_: K.scale_(zp, 2.0)))
for _ in range(2):
    g.launch().wait()
g.close()
np.testing.assert_allclose(z.to_numpy(), 2.0 * (1.0 + np.arange(128)))
