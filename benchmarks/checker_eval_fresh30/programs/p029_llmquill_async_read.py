import numpy as np
from llmquill import add_async

import tilert as tr

a = tr.from_numpy(np.arange(1024, dtype=np.float32))
b = tr.full((1024,), 1.0)
out = tr.empty((1024,))
pending = add_async(out, a, b)
checksum = float(out.to_numpy().sum())  # expect: TC102
pending.wait()
print(checksum)
