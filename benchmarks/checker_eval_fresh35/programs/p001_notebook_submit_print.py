# Converted from a notebook: stage some data, add it on the device, look at the result.
import numpy as np
from tilekit import add

import tilert as tr

# %% cell 1: data
N = 4096
rng = np.random.default_rng(0)
a_host = rng.standard_normal(N).astype(np.float32)
b_host = rng.standard_normal(N).astype(np.float32)

a = tr.from_numpy(a_host)
b = tr.from_numpy(b_host)
c = tr.empty((N,))

# %% cell 2: launch
pending = add(c.partition((256,)), a, b).submit()

# %% cell 3: check
print("first values:", c.to_numpy()[:5])  # expect: TC102
pending.wait()
print("max err:", np.abs(c.to_numpy() - (a_host + b_host)).max())
