"""A launch called with keywords, `K.scale(z=out, x=x, a=0.5)`: the output is the tensor itself."""

import numpy as np
from llmtide import kernels as K

import tilert as tr

x = tr.from_numpy(np.arange(16, dtype=np.float32))
out = tr.zeros((16,), name="out")
K.scale(z=out, x=x, a=0.5).sync()  # expect: TC106
print(out.to_numpy()[:3])
