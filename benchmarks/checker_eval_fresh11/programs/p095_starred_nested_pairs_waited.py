"""`(head, head_done), *others = pairs`: the head and all the others waited before reads."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.ones((64,))
pairs = []
for i in range(4):
    buf = tr.zeros((64,))
    pairs.append((buf, K.scale(tiles(buf), x, float(i)).submit()))
(head, head_done), *others = pairs
head_done.wait()
for _, done in others:
    done.wait()
assert float(head.to_numpy().sum()) == 0.0
assert [float(b.to_numpy()[0]) for b, _ in others] == [1.0, 2.0, 3.0]
np.testing.assert_array_equal(others[-1][0].to_numpy(), np.full(64, 3.0, np.float32))
