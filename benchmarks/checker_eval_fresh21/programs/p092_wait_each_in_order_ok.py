"""Three submits on one stream, each waited (the first wait synchronizes, the rest release)."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32))
outs = [tr.zeros((32,)) for _ in range(3)]
pendings = [K.scale(H.tiles(o), x, i + 1.0).submit() for i, o in enumerate(outs)]
for p in reversed(pendings):
    p.wait()
assert [float(o.to_numpy().sum()) for o in outs] == [496.0, 992.0, 1488.0]
