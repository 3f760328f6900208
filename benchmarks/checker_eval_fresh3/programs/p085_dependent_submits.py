"""y = 2x, then z = y + x, both submitted back to back: z's launch reads y while y's
launch is still in flight, which stream order makes safe."""

import numpy as np
from llmhost.kernels import add, scale

import tilert as tr

x = tr.arange(64)
y = tr.zeros((64,))
z = tr.zeros((64,))
p_y = scale(y.partition((16,)), x, 2.0).submit()
p_z = add(z.partition((16,)), y, x).submit()
p_z.wait()
p_y.wait()
assert np.allclose(z.to_numpy(), 3 * np.arange(64))
assert np.allclose(y.to_numpy(), 2 * np.arange(64))
print("dependent submits ok")
