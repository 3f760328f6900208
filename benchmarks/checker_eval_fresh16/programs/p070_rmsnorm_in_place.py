"""An in-place RMSNorm: the hidden state is passed as both the output and the input."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

hidden = tr.from_numpy(np.random.default_rng(5).standard_normal((2, 64)).astype(np.float32))
weight = tr.ones((64,))
tk.rmsnorm(hidden, hidden, weight).sync()  # expect: TC101
print(hidden.to_numpy()[0, :4])
