"""A launcher bound with `functools.partial`; the input is cleared for the next batch too early."""

from functools import partial

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

double = partial(K.scale, a=2.0)
inp = tr.full((128,), 3.0, name="inp")
out = tr.empty((128,), name="out")

pending = double(tiles(out, 32), x=inp).submit()
K.fill(tiles(inp, 32), 0.0).sync()  # expect: TC103
pending.wait()
print(out.to_numpy()[:2])
