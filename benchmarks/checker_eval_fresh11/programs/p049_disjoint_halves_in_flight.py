"""Two halves of one buffer written by ops in flight together (disjoint views)."""

import numpy as np
from llmkit import kernels as K

import tilert as tr

buf = tr.zeros((2, 128), name="buf")
x = tr.arange(128)
lo = K.scale(buf[0].partition((64,)), x, 1.0).submit()
hi = K.scale(buf[1].partition((64,)), x, -1.0).submit()
hi.wait()
lo.wait()
host = buf.to_numpy()
np.testing.assert_array_equal(host[0], -host[1])
