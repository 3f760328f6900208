"""A micro-benchmark that makes a fresh op per iteration through a factory lambda."""

import time

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x, out = H.upload(np.arange(1024)), tr.zeros((1024,))
make = lambda: K.scale(H.tiles(out), x, 2.0)  # noqa: E731
times = []
for _ in range(3):
    op = make()
    t0 = time.perf_counter()
    op.sync()
    times.append(time.perf_counter() - t0)
assert np.allclose(out.to_numpy(), 2 * np.arange(1024)) and len(times) == 3
