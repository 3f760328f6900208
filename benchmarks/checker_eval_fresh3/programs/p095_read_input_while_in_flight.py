"""The host may read a tensor an in-flight op only reads."""

import numpy as np
from llmhost.kernels import scale

import tilert as tr

x = tr.arange(64)
y = tr.zeros((64,))
pending = scale(y.partition((16,)), x, 3.0).submit()
x_host = x.to_numpy()
pending.wait()
assert np.allclose(y.to_numpy(), 3 * x_host)
print("input read ok")
