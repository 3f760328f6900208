"""contextlib.suppress(KeyError) around submit, lookup, wait: the KeyError skips the wait."""

import contextlib

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

temperatures = {"greedy": 1.0}
x = upload(np.arange(16))
out = tr.zeros((16,))
with contextlib.suppress(KeyError):
    pending = K.scale(tiles(out), x, 0.5).submit()  # expect: TC108
    t = temperatures["nucleus"]
    pending.wait()
print("done")
