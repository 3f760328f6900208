"""Two events time a launch on a side stream; the Pending is waited before the read."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

side = tr.Stream()
x, y = tr.arange(128), tr.zeros(128)
start = side.record()
with side:
    pending = K.scale(tiles(y), x, 3.0).submit()
end = side.record()
end.synchronize()
pending.wait()
assert start.elapsed_ms(end) >= 0.0
assert np.array_equal(y.to_numpy(), 3 * np.arange(128, dtype=np.float32))
