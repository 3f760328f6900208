"""A launch reads ``x.reshape(8, 16)``; meanwhile a fill is launched on ``x[16:32]``, memory the
in-flight read covers."""

import numpy as np
from llmkiln import kernels as K

import tilert as tr

x = tr.from_numpy(np.arange(128, dtype=np.float32))
out = tr.empty((8, 16))
reader = K.scale(out.partition((1, 16)), x.reshape(8, 16), 0.5).submit()
K.fill(x[16:32].partition((16,)), 0.0).sync()  # expect: TC103
reader.wait()
