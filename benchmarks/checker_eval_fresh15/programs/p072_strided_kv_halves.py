"""Keys and values interleaved in one buffer: kv[:, 0] and kv[:, 1] written at once."""

import numpy as np
from llmlathe import kernels as K

import tilert as tr

kv = tr.zeros((8, 2, 16))
pk = K.fill(kv[:, 0].partition((1, 16)), 1.0).submit()
pv = K.fill(kv[:, 1].partition((1, 16)), 2.0).submit()
pv.wait()
pk.wait()
host = kv.to_numpy()
assert np.all(host[:, 0] == 1.0) and np.all(host[:, 1] == 2.0)
