"""Reading a KV layer and a prefix of it while another layer is written."""

import numpy as np
from llmrun.kernels import copy

import tilert as tr

kv = tr.from_numpy(np.arange(3 * 8 * 16, dtype=np.float32).reshape(3, 8, 16))
p = copy(kv[2].partition((4, 16)), kv[0]).submit()
prefix = kv[1, :4].to_numpy()  # layer 1 is untouched
layer0 = kv[0].T.to_numpy()  # layer 0 is only read
p.wait()
assert prefix.shape == (4, 16) and layer0.shape == (16, 8)
assert np.array_equal(kv[2].to_numpy(), kv[0].to_numpy())
