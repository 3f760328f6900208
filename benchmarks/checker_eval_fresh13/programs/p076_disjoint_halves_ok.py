"""Two launches write the two halves of one tensor together, one in flight while the other runs."""

import numpy as np
from llmrig import kernels as K

import tilert as tr

x = tr.arange(128)
z = tr.zeros(128)
lo = K.scale(z[:64].partition((32,)), x[:64], 2.0).submit()
hi = K.scale(z[64:].partition((32,)), x[64:], 3.0).submit()
hi.wait()
lo.wait()
ref = np.arange(128, dtype=np.float32) * np.repeat([2.0, 3.0], 64).astype(np.float32)
assert np.array_equal(z.to_numpy(), ref)
