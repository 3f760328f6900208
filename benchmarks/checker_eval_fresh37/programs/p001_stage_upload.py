# Stage a batch from host memory, scale it on the device, look at the result.
import numpy as np
from hostkit import scale

import tilert as tr

rng = np.random.default_rng(0)
host = rng.standard_normal(4096).astype(np.float32)

x = tr.from_numpy(host)
out = tr.empty((4096,))

pending = scale(out.partition((256,)), x, 0.5).submit()
print("first values:", out.to_numpy()[:4])  # expect: TC102
pending.wait()
assert np.allclose(out.to_numpy(), host * 0.5)
