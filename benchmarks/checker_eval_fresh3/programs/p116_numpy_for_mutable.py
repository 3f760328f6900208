import numpy as np
from llmhost.kernels import scale

import tilert as tr

x = tr.ones((64,))
out_host = np.zeros(64, dtype=np.float32)
scale(out_host, x, 2.0).sync()  # expect: TC106
print(out_host[:4])
