"""Two-stage pipeline; each stage partitions its output when it launches."""

import numpy as np
from llmquill import gelu, scale

import tilert as tr

N = 2048
x = tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32))
h1, h2 = tr.empty((N,), name="h1"), tr.empty((N,), name="h2")

gelu(h1.partition((512,)), x).sync()
scale(h2.partition((512,)), h1, 3.0).sync()
print(h2.to_numpy()[:3])
