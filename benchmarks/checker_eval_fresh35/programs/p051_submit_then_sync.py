import numpy as np
from tilekit import add

import tilert as tr

x = tr.from_numpy(np.random.rand(4096).astype(np.float32))
y = tr.from_numpy(np.random.rand(4096).astype(np.float32))
z = tr.empty((4096,))

op = add(z.partition((512,)), x, y)
pending = op.submit()
# ... other host work ...
op.sync()  # expect: TC110
pending.wait()
print(z.to_numpy()[:2])
