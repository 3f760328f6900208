"""Requests bucketed by length with itertools.groupby; each bucket waited, then read."""

import itertools

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

requests = [("a", 16), ("b", 32), ("c", 16), ("d", 32)]
x = {16: upload(np.arange(16)), 32: upload(np.arange(32))}
peaks = {}
for length, group in itertools.groupby(sorted(requests, key=lambda r: r[1]), key=lambda r: r[1]):
    names = [name for name, _ in group]
    out = tr.zeros((length * len(names),))
    pending = K.scale(tiles(out), upload(np.tile(x[length].to_numpy(), len(names))), 1.0).submit()
    pending.wait()
    peaks[length] = float(out.to_numpy().max())
assert peaks == {16: 15.0, 32: 31.0}
