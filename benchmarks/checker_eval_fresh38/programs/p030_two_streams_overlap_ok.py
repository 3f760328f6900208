"""Copy the next batch on a side stream while the main stream updates; order with an event."""

import numpy as np
from trainkit import TILE, copy, sgd_step

import tilert as tr

N = 4096
rng = np.random.default_rng(9)
host = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(3)]
param = tr.ones((N,), name="param")
grad_bufs = [tr.empty((N,), name="g0"), tr.empty((N,), name="g1")]
copy_stream = tr.Stream()
compute = tr.Stream()

copy(grad_bufs[0].partition((TILE,)), host[0]).sync_on(copy_stream)
for i in range(len(host)):
    cur = grad_bufs[i % 2]
    ready = copy_stream.record()
    compute.wait_event(ready)
    upd = sgd_step(param.partition((TILE,)), cur, 0.01).submit(compute)
    nxt = None
    if i + 1 < len(host):
        nxt = copy(grad_bufs[(i + 1) % 2].partition((TILE,)), host[i + 1]).submit(copy_stream)
    upd.wait()
    if nxt is not None:
        nxt.wait()
print(param.to_numpy()[:3])
