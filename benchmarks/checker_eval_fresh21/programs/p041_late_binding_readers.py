"""Readers built as lambdas in a comprehension bind i late: the first reader reads the last
output, still in flight."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32))
outs = [tr.zeros((32,)) for _ in range(3)]
pendings = [K.scale(H.tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
readers = [lambda: float(outs[i].to_numpy().sum()) for i in range(3)]  # expect: TC102  # noqa: B023
pendings[0].wait()
print("first total", readers[0]())  # expect-also
H.wait_all(pendings[1:])
