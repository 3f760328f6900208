"""Feed-forward with the activation written to a second buffer."""

import numpy as np
from llmquill import gelu

import tilert as tr

N = 4096
h = tr.from_numpy(np.linspace(-3, 3, N, dtype=np.float32))
act = tr.empty((N,))
gelu(act.partition((1024,)), h).sync()
print(act.to_numpy()[:3])
