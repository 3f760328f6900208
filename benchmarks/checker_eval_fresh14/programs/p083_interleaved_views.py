"""Even and odd positions of one buffer: `buf[::2]` written while the host reads `buf[1::2]`
(disjoint memory), then the whole buffer after the wait."""

import numpy as np
from llmtide import kernels as K

import tilert as tr

buf = tr.from_numpy(np.arange(32, dtype=np.float32))
evens = K.fill(buf[::2].partition((4,)), -1.0).submit()
odd = buf[1::2].to_numpy()
evens.wait()
assert odd.tolist() == list(range(1, 32, 2))
full = buf.to_numpy()
assert (full[::2] == -1).all() and full[1] == 1.0
