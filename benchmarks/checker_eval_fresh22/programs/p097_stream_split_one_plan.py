"""Splitting a bias add over two streams, the output partition prepared once."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

x, bias = upload(np.ones(1024)), upload(np.full(1024, 0.1))
out = tr.zeros((1024,), name="out")
plan = tiles(out)
streams = [tr.Stream(), tr.Stream()]
pending = [K.add(plan, x, bias).submit(s) for s in streams]  # expect: TC109
for p in pending:
    p.wait()
print(out.to_numpy()[0])
