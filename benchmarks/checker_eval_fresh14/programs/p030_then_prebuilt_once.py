"""A `.then` callback returning a prebuilt op that writes another tensor; run once."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

a = tr.zeros((16,), name="a")
b = tr.zeros((16,), name="b")
x = tr.ones((16,))
follow = K.fill(tiles(b), 3.0)
K.add(tiles(a), x, x).then(lambda *_: follow).sync()
np.testing.assert_array_equal(a.to_numpy(), 2.0)
np.testing.assert_array_equal(b.to_numpy(), 3.0)
