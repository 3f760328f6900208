import numpy as np
from llmquill import scale

import tilert as tr

x = tr.from_numpy(np.arange(4096, dtype=np.float32))
y = tr.empty((4096,))
op = scale(y.partition((1024,)), x, 0.5)
pending = op.submit()
pending.wait()
op.sync()  # expect: TC110
print(y.to_numpy()[-1])
