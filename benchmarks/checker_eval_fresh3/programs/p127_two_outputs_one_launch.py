import numpy as np
from llmhost.kernels import split_scale

import tilert as tr

x = tr.arange(64)
lo, hi = tr.zeros((64,)), tr.zeros((64,))
pending = split_scale(lo.partition((16,)), hi.partition((16,)), x, 3.0).submit()
_, _, x_back, _ = pending.wait()
assert np.allclose(lo.to_numpy(), np.arange(64))
assert np.allclose(hi.to_numpy(), 3 * np.arange(64))
assert x_back is x
print("two outputs ok")
