"""Even slots waited and read, then the odd ones: every read follows its own wait."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

slots = [tr.zeros((16,)) for _ in range(4)]
pend = [K.fill(tiles(s), float(i)).submit() for i, s in enumerate(slots)]
for p in pend[::2]:
    p.wait()
even = [float(s.to_numpy()[0]) for s in slots[::2]]
for p in pend[1::2]:
    p.wait()
odd = [float(s.to_numpy()[0]) for s in slots[1::2]]
assert even == [0.0, 2.0] and odd == [1.0, 3.0]
np.testing.assert_array_equal(slots[3].to_numpy(), np.full(16, 3.0, np.float32))
