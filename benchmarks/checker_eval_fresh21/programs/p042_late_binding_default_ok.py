"""Readers built as lambdas with i bound by a default argument; each read after its own wait."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32))
outs = [tr.zeros((32,)) for _ in range(3)]
pendings = [K.scale(H.tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
readers = [lambda i=i: float(outs[i].to_numpy().sum()) for i in range(3)]
pendings[0].wait()
assert readers[0]() == 0.0
H.wait_all(pendings[1:])
assert [r() for r in readers] == [0.0, 496.0, 992.0]
