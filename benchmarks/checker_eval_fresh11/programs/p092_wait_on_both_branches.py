"""The wait happens on each branch of an if/else, in different forms."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
y = tr.zeros((128,))
for greedy in (True, False):
    pend = K.scale(tiles(y), x, 1.0 if greedy else 0.5).submit()
    if greedy:
        pend.wait()
        token = int(np.argmax(y.to_numpy()))
    else:
        _ = pend.wait()
        token = int(y.to_numpy().sum() > 0)
    assert token in (127, 1)
