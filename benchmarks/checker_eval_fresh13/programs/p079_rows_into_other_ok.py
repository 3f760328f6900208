"""The shift done through a second tensor: copy out, then copy back, each launch synced."""

import numpy as np
from llmrig import kernels as K

import tilert as tr

x = tr.arange(129)
tmp = tr.zeros(128)
K.copy(tmp.partition((64,)), x[:-1]).sync()
K.copy(x[1:].partition((64,)), tmp).sync()
ref = np.concatenate([[0.0], np.arange(128)]).astype(np.float32)
assert np.array_equal(x.to_numpy(), ref)
