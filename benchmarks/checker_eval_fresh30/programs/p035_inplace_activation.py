"""Feed-forward with the activation applied in place to save a buffer."""

import numpy as np
from llmquill import gelu

import tilert as tr

N = 4096
h = tr.from_numpy(np.linspace(-3, 3, N, dtype=np.float32))
gelu(h.partition((1024,)), h).sync()  # expect: TC101
print(h.to_numpy()[:3])
