"""Elementwise residual where the input is passed partitioned as well as the output."""

import numpy as np
from llmbasin import add

import tilert as tr

N = 4096
TILE = 1024

x = tr.from_numpy(np.arange(N, dtype=np.float32))
res = tr.from_numpy(np.ones(N, dtype=np.float32))
out = tr.empty((N,))
add(out.partition((TILE,)), x.partition((TILE,)), res).sync()  # expect: TC106
print(out.to_numpy()[:3])
