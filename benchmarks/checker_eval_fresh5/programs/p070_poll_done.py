# poll done() while doing host work, then wait and read
import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64
x = tr.arange(N)
y = tr.zeros((N,))
p = scale(y.partition((16,)), x, 2.0).submit()
ticks = 0
while not p.done():
    ticks += 1
p.wait()
assert np.allclose(y.to_numpy(), 2 * np.arange(N))
print("polled", ticks, "times")
