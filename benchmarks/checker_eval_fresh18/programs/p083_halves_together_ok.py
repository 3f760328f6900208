"""Two launches write the two halves of one buffer at once, each reading its own half of an
input; waited in reverse."""

import numpy as np
from llmkiln import kernels as K

import tilert as tr

x = tr.from_numpy(np.arange(128, dtype=np.float32))
y = tr.empty((128,))
lo = K.scale(y[:64].partition((32,)), x[:64], 2.0).submit()
hi = K.scale(y[64:].partition((32,)), x[64:], -1.0).submit()
x.to_numpy()  # only read
hi.wait()
lo.wait()
got = y.to_numpy()
assert np.array_equal(got[:64], 2 * np.arange(64)) and np.array_equal(got[64:], -np.arange(64, 128))
