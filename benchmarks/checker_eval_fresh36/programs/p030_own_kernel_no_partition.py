"""A bias + GELU epilogue written as the project's own kernels; the second launch passes the
output tensor itself where the kernel expects a partition."""

import numpy as np
from modelops import add, gelu

import tilert as tr

N = 4096
rng = np.random.default_rng(11)
x = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
bias = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
pre = tr.empty((N,), name="pre_act")
out = tr.empty((N,), name="out")

add(pre.partition((1024,)), x, bias).sync()
gelu(out, pre).sync()  # expect: TC106
print(out.to_numpy()[:4])
