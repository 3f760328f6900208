"""Two streams writing disjoint rows, timed with events, read after both Pendings."""

import numpy as np
from llmkit import kernels as K

import tilert as tr

buf = tr.zeros((2, 128))
x = tr.arange(128)
s0, s1 = tr.Stream(), tr.Stream()
start = s0.record()
p0 = K.scale(buf[0].partition((64,)), x, 1.0).submit(s0)
p1 = K.scale(buf[1].partition((64,)), x, 2.0).submit(s1)
end = s0.record()
p0.wait()
p1.wait()
end.synchronize()
ms = start.elapsed_ms(end)
host = buf.to_numpy()
np.testing.assert_array_equal(host[1], 2 * host[0])
assert ms >= 0.0
