# micro-benchmark of the scale kernel
import timeit

import numpy as np
from llmpress.kernels import scale

import tilert as tr

x = tr.from_numpy(np.ones(1 << 16, dtype=np.float32))
y = tr.empty((1 << 16,))
plan = y.partition((1024,))
seconds = timeit.timeit(lambda: scale(plan, x, 2.0).sync(), number=5)  # expect: TC109
print(f"{seconds / 5 * 1e6:.1f} us per launch")
