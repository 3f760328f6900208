"""Each layer's KV view (`kv[layer]`) reset by one op, all zipped into one launch, then read."""

import numpy as np
from llmtide import kernels as K

import tilert as tr

layers = 4
kv = tr.from_numpy(np.ones((layers, 32), np.float32))
resets = [K.fill(kv[i].partition((16,)), float(i)) for i in range(layers)]
tr.zip(*resets).sync()
assert kv.to_numpy()[:, 0].tolist() == [0.0, 1.0, 2.0, 3.0]
