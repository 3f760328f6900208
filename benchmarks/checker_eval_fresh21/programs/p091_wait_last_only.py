"""Three submits on one stream and only the last waited, as a CUDA user relies on stream order;
the earlier Pendings are dropped unwaited."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32))
outs = [tr.zeros((32,)) for _ in range(3)]


def run() -> float:
    pendings = [K.scale(H.tiles(o), x, 1.0).submit() for o in outs]  # expect: TC108
    pendings[-1].wait()
    return float(outs[-1].to_numpy().sum())


print(run())
