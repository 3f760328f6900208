"""contextlib.suppress(KeyError) around submit, wait, lookup: the wait comes before the lookup."""

import contextlib

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

temperatures = {"greedy": 1.0}
x = upload(np.arange(16))
out = tr.zeros((16,))
t = 1.0
with contextlib.suppress(KeyError):
    pending = K.scale(tiles(out), x, 0.5).submit()
    pending.wait()
    t = temperatures["nucleus"]
np.testing.assert_allclose(out.to_numpy() * t, np.arange(16) * 0.5)
