from __future__ import annotations

import numpy as np
from llmrun.kernels import copy, scale

import tilert as tr

side = tr.Stream()
x = tr.from_numpy(np.linspace(0, 1, 64, dtype=np.float32))
y = tr.zeros((64,))
copy(y.partition((16,)), x).sync()
pending = scale(y.partition((16,)), 3.0).submit(side)
done = side.record()
done.synchronize()
result = y.to_numpy()  # expect: TC102
pending.wait()
print(result.max())
