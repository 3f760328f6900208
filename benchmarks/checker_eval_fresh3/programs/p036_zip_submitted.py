import numpy as np
from llmhost.kernels import relu, scale

import tilert as tr

x = tr.from_numpy(np.linspace(-1, 1, 64, dtype=np.float32))
a, b = tr.zeros((64,)), tr.zeros((64,))

pending = tr.zip(relu(a.partition((16,)), x), scale(b.partition((16,)), x, -1.0)).submit()
# other host work here
expect_a = np.maximum(np.linspace(-1, 1, 64, dtype=np.float32), 0)
pending.wait()
assert np.allclose(a.to_numpy(), expect_a)
assert np.allclose(b.to_numpy(), -np.linspace(-1, 1, 64, dtype=np.float32))
print("zip submit ok")
