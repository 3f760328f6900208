"""Quick experiment: scale a vector a few times, keeping the buffers global."""

import numpy as np
from tilekit import scale

import tilert as tr

SIZE = 1024
X = tr.arange(SIZE)
OUT = tr.zeros((SIZE,))


def report(tag):
    host = OUT.to_numpy()
    print(f"{tag}: sum={host.sum():.1f} max={host.max():.1f}")


report("before")
scale(OUT.partition((128,)), X, 3.0).sync()
report("after")
assert np.allclose(OUT.to_numpy(), 3.0 * np.arange(SIZE))
