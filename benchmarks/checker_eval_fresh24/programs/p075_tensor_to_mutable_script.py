"""Quick correctness script for the activation kernel against numpy."""

import numpy as np
from llmbasin import relu

import tilert as tr

x_np = np.random.default_rng(23).standard_normal(4096).astype(np.float32)
x = tr.from_numpy(x_np)
out = tr.empty(x.shape)
relu(out, x).sync()  # expect: TC106
assert np.allclose(out.to_numpy(), np.maximum(x_np, 0))
print("relu ok")
