"""A copy submitted on a side stream; the host checks the staged data before waiting for it."""

import numpy as np
from llmcove import copy, silu

import tilert as tr

N = 2048
rng = np.random.default_rng(2)
host_batch = rng.standard_normal(N).astype(np.float32)
staged = tr.from_numpy(host_batch)
device_in = tr.empty((N,))
out = tr.empty((N,))
side = tr.Stream()

pending = copy(device_in.partition((512,)), staged).submit(side)
assert np.isfinite(device_in.to_numpy()).all()  # expect: TC102
pending.wait()
silu(out.partition((512,)), device_in).sync()
print(float(out.to_numpy().mean()))
