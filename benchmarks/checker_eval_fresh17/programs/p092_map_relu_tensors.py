"""Activation over several buffers with `map(K.relu, outs, ins)`: tensors go where partitions go."""

import numpy as np
from llmspool import kernels as K

import tilert as tr

ins = [tr.from_numpy(np.linspace(-1, 1, 32, dtype=np.float32)) for _ in range(3)]
outs = [tr.empty((32,)) for _ in range(3)]
tr.zip(*map(K.relu, outs, ins)).sync()  # expect: TC106
print(outs[0].to_numpy()[-1])
