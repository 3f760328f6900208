"""A launcher bound with `functools.partial`; the input is cleared once the launch is waited."""

from functools import partial

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

double = partial(K.scale, a=2.0)
inp = tr.full((128,), 3.0, name="inp")
out = tr.empty((128,), name="out")

pending = double(tiles(out, 32), x=inp).submit()
pending.wait()
K.fill(tiles(inp, 32), 0.0).sync()
assert np.all(out.to_numpy() == 6.0) and not inp.to_numpy().any()
print(out.to_numpy()[:2])
